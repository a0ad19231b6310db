import type { Knex } from 'knex';

// Roles are data, granted and revoked with `npm run editor` (scripts/editor.ts); no setting or
// sign-up name makes an editor. `users.role` (since 001) stays the one place a role is read from,
// on every request; this adds since when it is held, for `npm run editor -- list`.

export async function up(knex: Knex): Promise<void> {
  const pg = knex.client.config.client === 'pg';
  await knex.schema.alterTable('users', (t) => {
    if (pg) t.timestamp('role_granted_at', { useTz: true });
    else t.string('role_granted_at', 40);
  });
  // An editor made earlier (the role set in the database by hand) keeps the role, dated by the row's last change.
  await knex('users').where({ role: 'editor' }).update({ role_granted_at: knex.ref('updated_at') });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('role_granted_at');
  });
}
