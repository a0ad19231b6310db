/** The live video's 16:9 box: the player's, and the same box while the player's code loads (live-qa.tsx), so nothing moves. */
export const LIVE_PLAYER_BOX = 'aspect-video w-full overflow-hidden rounded-box bg-neutral text-neutral-content shadow-sm';
