/**
 * Who asked for each mail: the client's IP address, its device and the project, so the mails one
 * client or one project has asked for can be limited as well as those one address receives.
 * Null for mails logged before this migration; they count for their address only.
 */
import type { Kysely } from 'kysely'

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('auth_mail_log')
    .addColumn('client_ip', 'text')
    .addColumn('device_id', 'text')
    .addColumn('project_id', 'text')
    .execute()
  for (const column of ['client_ip', 'device_id', 'project_id']) {
    await db.schema
      .createIndex(`auth_mail_log_${column}_sent_at`)
      .on('auth_mail_log')
      .columns([column, 'sent_at'])
      .execute()
  }
  // Old rows are dropped by age alone, whoever they were for.
  await db.schema.createIndex('auth_mail_log_sent_at').on('auth_mail_log').column('sent_at').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ['sent_at', 'client_ip_sent_at', 'device_id_sent_at', 'project_id_sent_at']) {
    await db.schema.dropIndex(`auth_mail_log_${index}`).execute()
  }
  await db.schema
    .alterTable('auth_mail_log')
    .dropColumn('project_id')
    .dropColumn('device_id')
    .dropColumn('client_ip')
    .execute()
}
