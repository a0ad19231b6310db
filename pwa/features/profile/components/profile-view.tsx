import { Camera, Globe, Plus } from 'lucide-react';
import type { User } from '#contract/users';
import { readSocialLinks, socialLink, websiteLink } from '../social-links';

const LINK_REL = 'noopener noreferrer me';

/** True when there is nothing to show about the person beyond their name (the empty profile of docs/product.md#profile). */
export function isProfileEmpty(profile: User): boolean {
  const { x, instagram } = readSocialLinks(profile.socialLinks);
  return !profile.bio?.trim() && !profile.website?.trim() && !x && !instagram;
}

/** View mode's details: bio, website, X and Instagram, or the empty message with Add Information. */
export function ProfileView({ profile, onAddInformation }: { profile: User; onAddInformation: () => void }) {
  if (isProfileEmpty(profile)) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-box border border-dashed border-base-300 bg-base-200 px-6 py-10 text-center">
        <p className="max-w-sm text-base-content/80">Your profile is empty. Add some information about yourself!</p>
        <button type="button" className="btn btn-primary" onClick={onAddInformation}>
          <Plus aria-hidden="true" className="size-4" /> Add Information
        </button>
      </div>
    );
  }
  const { x, instagram } = readSocialLinks(profile.socialLinks);
  const website = profile.website ? websiteLink(profile.website) : null;
  const xLink = x ? socialLink('x', x) : null;
  const instagramLink = instagram ? socialLink('instagram', instagram) : null;
  return (
    <div className="flex flex-col gap-6">
      {profile.bio?.trim() ? (
        <section aria-labelledby="profile-bio" className="flex flex-col gap-2">
          <h3 id="profile-bio" className="text-sm font-semibold tracking-wide text-base-content/70 uppercase">
            Bio
          </h3>
          {/* Plain text: whatever the bio holds is shown, never run. */}
          <p className="break-words whitespace-pre-line">{profile.bio}</p>
        </section>
      ) : null}
      {website || x || instagram ? (
        <section aria-labelledby="profile-links" className="flex flex-col gap-2">
          <h3 id="profile-links" className="text-sm font-semibold tracking-wide text-base-content/70 uppercase">
            Links
          </h3>
          <ul className="flex flex-col gap-2">
            {website ? (
              <li className="flex items-center gap-2">
                <Globe aria-hidden="true" className="size-4 shrink-0 text-base-content/70" />
                <span className="sr-only">Website:</span>
                <a href={website.href} target="_blank" rel={LINK_REL} className="link link-primary break-all">
                  {website.label}
                </a>
              </li>
            ) : null}
            {x ? (
              <li className="flex items-center gap-2">
                <span aria-hidden="true" className="w-4 shrink-0 text-center text-sm font-bold text-base-content/70">
                  𝕏
                </span>
                <span className="sr-only">X:</span>
                {xLink ? (
                  <a href={xLink.href} target="_blank" rel={LINK_REL} className="link link-primary break-all">
                    {xLink.label}
                  </a>
                ) : (
                  <span className="break-all">{x}</span>
                )}
              </li>
            ) : null}
            {instagram ? (
              <li className="flex items-center gap-2">
                <Camera aria-hidden="true" className="size-4 shrink-0 text-base-content/70" />
                <span className="sr-only">Instagram:</span>
                {instagramLink ? (
                  <a href={instagramLink.href} target="_blank" rel={LINK_REL} className="link link-primary break-all">
                    {instagramLink.label}
                  </a>
                ) : (
                  <span className="break-all">{instagram}</span>
                )}
              </li>
            ) : null}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
