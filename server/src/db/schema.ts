import type { Generated } from 'kysely';

/** Every table of the server database. SQL lives only in repositories (`modules/<domain>/repository.ts`). */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  email_codes: EmailCodesTable;
  auth_events: AuthEventsTable;
  entities: EntitiesTable;
  sync_user: SyncUserTable;
  tag_refs: TagRefsTable;
  epochs: EpochsTable;
  sync_client: SyncClientTable;
  sync_rejection: SyncRejectionTable;
  server_secrets: ServerSecretsTable;
  write_buckets: WriteBucketsTable;
  calendar_feeds: CalendarFeedsTable;
  telegram_links: TelegramLinksTable;
  telegram_codes: TelegramCodesTable;
  telegram_state: TelegramStateTable;
  site_settings: SiteSettingsTable;
  feedback: FeedbackTable;
  redirects: RedirectsTable;
  news: NewsTable;
  google_connections: GoogleConnectionsTable;
  google_calendars: GoogleCalendarsTable;
  google_oauth_states: GoogleOauthStatesTable;
}

export interface UsersTable {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  email_verified: number;
  marketing_consent: number;
  accepted_terms_at: string | null;
  role: 'user' | 'admin';
  disabled: number;
  timezone: string;
  week_start_day: number;
  clock_mode: '12h' | '24h';
  brainrot_enabled: number;
  /** JSON object of the remaining preferences (locale, theme, font size, notifications). */
  preferences: string;
  google_account: string | null;
  telegram_account: string | null;
  created_at: string;
  updated_at: string;
  last_active_at: string | null;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  /** SHA-256 of the session cookie's secret; the JWT carries only the session id. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
  user_agent: string | null;
}

export interface EmailCodesTable {
  id: string;
  email: string;
  purpose: 'register' | 'verify' | 'reset';
  /** SHA-256 of the code (verification) or of the link token (reset). */
  code_hash: string;
  attempts: number;
  created_at: string;
  expires_at: string;
  consumed_at: string | null;
  /** Set when a registration code was checked before the account exists; lets `register` finish. */
  verified_at: string | null;
}

export interface AuthEventsTable {
  id: Generated<number>;
  kind: string;
  email: string | null;
  ip: string | null;
  at: number;
}

/** One generic table for every replicated entity (docs/adr/0002). `data` is the entity's JSON. */
export interface EntitiesTable {
  user_id: string;
  type: string;
  id: string;
  data: string;
  parent_id: string | null;
  version: number;
  deleted: number;
  /** JSON map of field → version of its last change, so a stale REST copy cannot revert newer fields. */
  field_versions: string;
  created_at: string;
  updated_at: string;
}

export interface SyncUserTable {
  user_id: string;
  seq: number;
  min_version: number;
  /** UTF-8 bytes of the user's live rows' JSON, for the storage quota (kept by the sync engine). */
  bytes: Generated<number>;
}

/** Which live item holds which tag (kept by the sync engine with the rows; not replicated). */
export interface TagRefsTable {
  user_id: string;
  tag_id: string;
  item_type: string;
  item_id: string;
}

/** The database's epochs (docs/sync.md): a new one at every start and after writes every few minutes. */
export interface EpochsTable {
  n: Generated<number>;
  id: string;
  created_at: string;
}

export interface SyncClientTable {
  client_id: string;
  user_id: string;
  last_mutation_id: number;
  last_seen_at: string;
}

/**
 * Why a pushed mutation was rejected, kept so a retried push answers `rejected` again instead of `skipped`
 * (docs/sync.md, push). Applied mutations have no row. Pruned by the push and the maintenance job.
 */
export interface SyncRejectionTable {
  client_id: string;
  mutation_id: number;
  code: string;
  message: string;
  created_at: string;
}

/** Secrets the server generated once, by name (`jwt`), shared by every instance of a PostgreSQL store. */
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: string;
}

/** Each user's write-rate token bucket on a shared store (modules/sync/limits.ts); UNLOGGED on PostgreSQL. */
export interface WriteBucketsTable {
  user_id: string;
  tokens: number;
  /** When `tokens` was last brought up to date (ms). */
  at: number;
}

/** Each user's private calendar feed (`GET /ics/{token}.ics`): the SHA-256 of its token, never the token. */
export interface CalendarFeedsTable {
  user_id: string;
  token_hash: string;
  created_at: string;
}

/** The Telegram chat linked to each account (modules/telegram): one chat per account and one account per chat. */
export interface TelegramLinksTable {
  user_id: string;
  /** Telegram's chat id, as text (it may pass 2^53 one day). */
  chat_id: string;
  username: string | null;
  linked_at: string;
}

/** One-time link codes (`/start <code>`): the SHA-256 of the code, never the code; valid 10 minutes, used once. */
export interface TelegramCodesTable {
  code_hash: string;
  user_id: string;
  expires_at: string;
  used_at: string | null;
}

/** The bot's own values: `offset` (long polling, the next update id to fetch), `webhook_secret`. */
export interface TelegramStateTable {
  key: string;
  value: string;
}

/** The operator's server-wide values by key (`feature_toggles`, `donate_links`), each a JSON text. */
export interface SiteSettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

/** Feedback sent through `/feedback` (modules/feedback); `user_id` is null for visitors and deleted accounts. */
export interface FeedbackTable {
  id: string;
  user_id: string | null;
  name: string;
  email: string;
  type: 'bug' | 'feature' | 'improvement' | 'other';
  message: string;
  status: 'new' | 'read' | 'resolved';
  /** JSON array of `{ file, type, size }`: the stored screenshots in the order they were sent. */
  screenshots: string;
  created_at: string;
  updated_at: string;
}

/** Issue 18: admin path redirects (`from_path` unique, no trailing slash; `target` a path or an http(s) URL). */
export interface RedirectsTable {
  id: string;
  from_path: string;
  target: string;
  created_at: string;
  updated_at: string;
}

/** Issue 18: news items (0013), written by admins, public once published. */
export interface NewsTable {
  id: string;
  title: string;
  content: string;
  language: 'en' | 'ru';
  status: 'draft' | 'published';
  published_at: string | null;
  custom_layout: number;
  display_path: string;
  author_id: string | null;
  created_at: string;
  updated_at: string;
}

/** A Google Calendar connection (migration 0016): tokens sealed by lib/token-crypto.ts, never in clear. */
export interface GoogleConnectionsTable {
  user_id: string;
  access_token: string | null;
  refresh_token: string | null;
  /** When the access token stops working (ISO). */
  expires_at: string | null;
  status: 'connected' | 'disconnected';
  /** Why the connection ended on its own (Google refused the refresh token), shown by the status route. */
  message: string | null;
  last_sync_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One of a connected account's Google calendars, with its incremental sync token and that token's window. */
export interface GoogleCalendarsTable {
  user_id: string;
  calendar_id: string;
  summary: string;
  color: string | null;
  description: string | null;
  location: string | null;
  html_link: string | null;
  time_zone: string | null;
  is_primary: number;
  visible: number;
  /** Order of Google's calendar list. */
  position: number;
  sync_token: string | null;
  sync_time_min: string | null;
  sync_time_max: string | null;
}

/** An authorisation request in flight: SHA-256 of its `state`, the sealed PKCE verifier, 10 minutes, used once. */
export interface GoogleOauthStatesTable {
  state_hash: string;
  user_id: string;
  verifier: string;
  redirect_uri: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}
