/**
 * Table types of the payments domain. Conventions (DESIGN §4):
 * - every table carries account_id and leads its keys with it;
 * - money is an integer of minor units (bigint in SQL, number here);
 * - time is UTC epoch seconds (bigint), shown in the store's time zone by the admin;
 * - booleans are integers 0/1 and JSON documents are text, so both dialects read the same.
 */

type Bool = number;
type Json = string;
type Seconds = number;

export interface AccountsTable {
	id: string;
	name: string;
	country: string;
	default_currency: string;
	status: string;
	connected: Bool;
	payments_enabled: Bool;
	deposits_status: string;
	details_submitted: Bool;
	test_mode: Bool;
	test_mode_onboarding: Bool;
	created: Seconds;
	current_deadline: Seconds | null;
	past_due: Bool;
	/** [{ code, reason, requirement }] */
	requirements: Json;
	/** { isEnabled, isComplete, tpv, firstTransactionDate } */
	progressive_onboarding: Json;
	/** { interval, delay_days, weekly_anchor, monthly_anchor } */
	deposits_schedule: Json;
	deposits_blocked: Bool;
	completed_waiting_period: Bool;
	/** [{ currency, status, bank_name, last4 }] */
	external_accounts: Json;
	/** { declineOnAVSFailure, declineOnCVCFailure } */
	fraud_protection: Json;
	/** { name, address, vat_number } once submitted */
	vat_details: Json | null;
	/** Settings entity of spec 2 §3, saved as one object. */
	settings: Json;
	/** Feature flags read by the admin (documents, paymentTimeline, customSearch …). */
	feature_flags: Json;
	safe_mode: Bool;
	/** Onboarding data of spec 1 §3 collected by the business step. */
	onboarding: Json;
}

export interface UsersTable {
	account_id: string;
	id: number;
	login: string;
	email: string;
	display_name: string;
	first_name: string;
	last_name: string;
	role: string;
	password_hash: string;
	created: Seconds;
}

export interface SessionsTable {
	account_id: string;
	/** sha256 of the cookie token: a stolen database does not yield live cookies. */
	id: string;
	user_id: number;
	/** Per-session secret that REST nonces are derived from. */
	nonce_secret: string;
	created: Seconds;
	expires: Seconds;
	ip: string;
	user_agent: string;
	/** When the session was last used (to the minute); null until then (its sign-in's time). */
	last_seen: Seconds | null;
	/** The address it was last used from; null until then (its sign-in's address). */
	last_ip: string | null;
}

/** One recorded action of the audit log (audit/), chained to the one before it by `prev_hash`. */
export interface AuditLogTable {
	account_id: string;
	/** The account's row number, from 1 without gaps. */
	seq: number;
	created: Seconds;
	/** The signed-in user acting; null for an API key, a failed login or the system. */
	actor_user_id: number | null;
	/** The user's login, or the login name a failed sign-in tried. */
	actor_login: string | null;
	/** The API key's name, for calls to Stripe's API (/v1). */
	actor_key_name: string | null;
	ip: string | null;
	user_agent: string | null;
	/** refund.created, settings.updated, login.failed … (AUDIT_ACTIONS). */
	action: string;
	object_type: string | null;
	object_id: string | null;
	/** The payment the action concerns (pi_…), when it concerns one. */
	payment_intent_id: string | null;
	/** { before?, after?, … } with secrets redacted; hashed as stored. */
	details: Json;
	prev_hash: string;
	/** sha256 of the row's canonical encoding and prev_hash (audit/chain.ts). */
	hash: string;
}

/** The end of an account's audit chain, locked by every append; and where retention cut it. */
export interface AuditHeadsTable {
	account_id: string;
	seq: number;
	last_hash: string;
	/** The last removed row's seq and hash (0 and "" before any was removed). */
	cut_seq: number;
	cut_hash: string;
}

/** A user's two-factor sign-in (auth/two-factor/): present while it is on. */
export interface TwoFactorTable {
	account_id: string;
	user_id: number;
	/** The authenticator app's secret (base32), sealed with the application key. */
	totp_key: string;
	enabled_at: Seconds;
	/** The last 30-second step a code was accepted for: no code is accepted twice. */
	last_step: number | null;
	/** sha256 of the nonce of the sign-in waiting for its code, and when it runs out. */
	login_nonce: string | null;
	login_expires: Seconds | null;
}

/** A user's unused recovery codes, each a keyed hash; using one deletes its row. */
export interface TwoFactorRecoveryCodesTable {
	account_id: string;
	user_id: number;
	code_hash: string;
	created: Seconds;
}

export interface ApplicationPasswordsTable {
	account_id: string;
	uuid: string;
	user_id: number;
	name: string;
	password_hash: string;
	created: Seconds;
	last_used: Seconds | null;
	last_ip: string | null;
}

export interface OptionsTable {
	account_id: string;
	name: string;
	value: Json;
}

export interface UserMetaTable {
	account_id: string;
	user_id: number;
	meta_key: string;
	meta_value: Json;
}

export interface SequencesTable {
	account_id: string;
	name: string;
	value: number;
}

export interface RateLimitsTable {
	account_id: string;
	bucket: string;
	window_start: Seconds;
	count: number;
}

export interface OrdersTable {
	account_id: string;
	id: number;
	number: string;
	status: string;
	currency: string;
	total: number;
	subtotal: number;
	tax: number;
	shipping_total: number;
	created: Seconds;
	customer_name: string;
	customer_email: string;
	customer_country: string;
	/**
	 * { address_1, city, postcode, country } and [{ name, quantity, total }], each as what the
	 * order's columns do not already say (processor/order-details.ts).
	 */
	billing_address: Json;
	items: Json;
	/** [{ number }] — subscriptions the order belongs to */
	subscriptions: Json;
	payment_intent_id: string | null;
	charge_id: string | null;
	/** { line1, city, state, postal_code, country } or {} when not given */
	/** Added later with a default, so rows built before it may leave it out. */
	shipping_address?: Json;
}

export interface ChargesTable {
	account_id: string;
	id: string;
	payment_intent_id: string;
	order_id: number | null;
	amount: number;
	amount_captured: number;
	amount_refunded: number;
	currency: string;
	/** succeeded | pending | failed */
	status: string;
	/** requires_capture | succeeded | canceled | requires_payment_method */
	intent_status: string;
	paid: Bool;
	captured: Bool;
	refunded: Bool;
	disputed: Bool;
	created: Seconds;
	outcome_type: string | null;
	outcome_reason: string | null;
	risk_level: number | null;
	failure_code: string | null;
	failure_message: string | null;
	payment_method_type: string;
	/**
	 * Per-type details (brand, last4, network, funding, checks, bank, iban_last4 …) and billing
	 * details, each as what the charge's columns do not already say (processor/charge-details.ts).
	 */
	payment_method_details: Json;
	billing_details: Json;
	customer_name: string;
	customer_email: string;
	customer_country: string;
	channel: string;
	source_device: string | null;
	customer_currency: string;
	customer_amount: number;
	exchange_rate: number | null;
	fee: number;
	balance_transaction_id: string | null;
	/** allow | review | block, when a fraud rule matched */
	fraud_outcome: string | null;
	/** e.g. review, block, review_blocked, review_allowed, allow */
	fraud_meta_box_type: string | null;
	reader_id: string | null;
	/** The customer's IP address and its country, as the fraud rules saw them (intake payments). */
	customer_ip?: string | null;
	ip_country?: string | null;
	/** fraudulent | product_not_received | inquiry: the dispute a test card asks for. */
	sandbox_dispute?: string | null;
	/** When the payment was authorized and captured: its timeline's implicit events (processor/timeline-data.ts). */
	authorized_at?: Seconds | null;
	captured_at?: Seconds | null;
}

export interface PaymentIntentsTable {
	account_id: string;
	id: string;
	/** succeeded | requires_capture | requires_action | canceled | requires_payment_method */
	status: string;
	amount: number;
	currency: string;
	capture_method: string;
	created: Seconds;
	order_id: number;
	charge_id: string | null;
	client_secret_hash: string;
	/** null until the customer answers 3-D Secure: succeeded | failed */
	authentication: string | null;
	return_url: string | null;
	/** The prepared payment while it waits for authentication (no card number, no CVC). */
	pending: Json | null;
	/** The intent as the API last answered it. */
	answer: Json;
}

export interface AccountClocksTable {
	account_id: string;
	/** Seconds the account's test clock is ahead of real time (0 for real-time accounts). */
	offset_seconds: number;
	/** The processor's timed work has run through this time (account time, epoch seconds). */
	processed_through: Seconds;
	runner: string | null;
	lease_until: Seconds | null;
}

export interface BalanceTransactionsTable {
	account_id: string;
	id: string;
	type: string;
	reporting_category: string;
	/** The refund, dispute or loan that moved the money; null when it is the charge (processor/ledger-source.ts). */
	source_id: string | null;
	charge_id: string | null;
	payment_intent_id: string | null;
	order_id: number | null;
	order_number: string | null;
	amount: number;
	fee: number;
	net: number;
	currency: string;
	customer_currency: string | null;
	customer_amount: number | null;
	exchange_rate: number | null;
	created: Seconds;
	available_on: Seconds;
	deposit_id: string | null;
	loan_id: string | null;
	channel: string | null;
	source: string | null;
	source_identifier: string | null;
	source_device: string | null;
	customer_name: string | null;
	customer_email: string | null;
	customer_country: string | null;
	risk_level: number | null;
	description: string | null;
}

export interface RefundsTable {
	account_id: string;
	id: string;
	charge_id: string;
	payment_intent_id: string;
	order_id: number | null;
	amount: number;
	currency: string;
	reason: string | null;
	/** succeeded | pending | failed */
	status: string;
	failure_reason: string | null;
	created: Seconds;
	balance_transaction_id: string | null;
	/** Stripe's metadata given to a refund through `/v1`, as JSON; null when none was. */
	metadata?: Json | null;
}

export interface DisputesTable {
	account_id: string;
	id: string;
	charge_id: string;
	payment_intent_id: string;
	order_id: number | null;
	amount: number;
	currency: string;
	status: string;
	reason: string;
	created: Seconds;
	due_by: Seconds;
	has_evidence: Bool;
	evidence: Json;
	metadata: Json;
	issuer_evidence: Json | null;
	customer_name: string;
	customer_email: string;
	customer_country: string;
	source: string;
	balance_transaction_id: string | null;
}

export interface FilesTable {
	account_id: string;
	id: string;
	purpose: string;
	filename: string;
	title: string | null;
	mime_type: string;
	size: number;
	content: Uint8Array;
	created: Seconds;
}

export interface PayoutsTable {
	account_id: string;
	id: string;
	/** deposit | withdrawal */
	type: string;
	/** standard | instant */
	method: string;
	automatic: Bool;
	status: string;
	/** Arrival date. */
	date: Seconds;
	created: Seconds;
	amount: number;
	fee: number;
	fee_percentage: number;
	currency: string;
	bank_account: string;
	bank_reference_key: string | null;
	failure_code: string | null;
	failure_message: string | null;
	balance_transaction_id: string | null;
}

export interface TimelineEventsTable {
	account_id: string;
	payment_intent_id: string;
	/** The event's place in its intent's timeline, from 1. */
	seq: number;
	type: string;
	datetime: Seconds;
	/** What the charge does not already say (processor/timeline-data.ts). */
	data: Json;
}

export interface LoansTable {
	account_id: string;
	id: string;
	stripe_loan_id: string;
	/** active | paid_off */
	status: string;
	paid_out_at: Seconds;
	fully_paid_at: Seconds | null;
	amount: number;
	fee_amount: number;
	paid_amount: number;
	withhold_rate: number;
	first_paydown_at: Seconds | null;
	repayments_begin_at: Seconds;
	currency: string;
}

export interface LoanPaydownsTable {
	account_id: string;
	id: string;
	loan_id: string;
	amount: number;
	created: Seconds;
	balance_transaction_id: string | null;
}

export interface CardReadersTable {
	account_id: string;
	id: string;
	device_type: string;
	label: string;
	is_active: Bool;
	created: Seconds;
}

export interface ReaderChargesTable {
	account_id: string;
	id: string;
	reader_id: string;
	/** The card reader fee charge this usage was billed on. */
	charge_id: string;
	status: string;
	count: number;
	fee_amount: number;
	currency: string;
	created: Seconds;
}

export interface DocumentsTable {
	account_id: string;
	id: string;
	type: string;
	date: Seconds;
	period_from: Seconds | null;
	period_to: Seconds | null;
	amount: number;
	currency: string;
}

export interface InboxNotesTable {
	account_id: string;
	id: number;
	name: string;
	title: string;
	content: string;
	type: string;
	status: string;
	/** [{ id, name, label, url, primary }] */
	actions: Json;
	date_created: Seconds;
	layout: string;
	image: string;
	is_deleted: Bool;
	is_read: Bool;
	source: string;
}

/** The account's event log (migration 0008): what changed, numbered per account. */
export interface AccountEventsTable {
	account_id: string;
	seq: number;
	/** contract/events ACCOUNT_EVENT_TYPES */
	type: string;
	object_id: string;
	created: Seconds;
	/** A few facts about the object after the change: { status, charge_id … } */
	data: Json;
}

/** The bell's notifications: for one user, or every user of the account when user_id is null. */
export interface NotificationsTable {
	account_id: string;
	id: string;
	user_id: number | null;
	/** contract/events NOTIFICATION_TYPES */
	type: string;
	object_id: string;
	created: Seconds;
	/** What its text needs: amount, currency, due_by, download_url … */
	data: Json;
}

export interface NotificationReadsTable {
	account_id: string;
	notification_id: string;
	user_id: number;
	read_at: Seconds;
}

/** The usage log (migration 0012, contract/tracks): what the admin's users did, when tracking is allowed. */
export interface UsageEventsTable {
	account_id: string;
	/** An ordered id (db/ids.ts newOrderedId("use")). */
	id: string;
	user_id: number;
	/** contract/tracks TRACK_EVENT_NAMES */
	name: string;
	/** The event's flat properties as a JSON object. */
	properties: Json;
	created: Seconds;
	/** When the job runner handed it to USAGE_TRACKING_URL; null until then. */
	forwarded_at: Seconds | null;
}

export interface ExportJobsTable {
	account_id: string;
	id: string;
	kind: string;
	user_id: number;
	user_email: string;
	locale: string;
	params: Json;
	/** pending | running | success | error */
	status: string;
	row_count: number;
	file_name: string | null;
	error: string | null;
	attempts: number;
	claimed_by: string | null;
	claimed_at: Seconds | null;
	created: Seconds;
	finished_at: Seconds | null;
	expires_at: Seconds;
}

export interface EmailOutboxTable {
	account_id: string;
	id: string;
	to_address: string;
	subject: string;
	body_text: string;
	/** pending | sent | error */
	status: string;
	attempts: number;
	last_error: string | null;
	created: Seconds;
	sent_at: Seconds | null;
}

/** The processor's Idempotency-Keys: written inside a money movement's transaction, with its answer. */
export interface IdempotencyKeysTable {
	account_id: string;
	user_id: number;
	key: string;
	method: string;
	path: string;
	response: Json;
	created: Seconds;
}

/**
 * The HTTP layer's Idempotency-Keys (http/request-keys.ts): a request's answer as it was sent.
 * `status` is null while the first request runs (committed so on SQLite only).
 */
export interface RequestKeysTable {
	account_id: string;
	user_id: number;
	key: string;
	method: string;
	path: string;
	/** A hash of the query and the canonical body: what the key is bound to besides the call. */
	fingerprint: string;
	status: number | null;
	content_type: string | null;
	body: string | null;
	/** The server process that claimed the key. */
	owner: string;
	created: Seconds;
}

/**
 * Each distinct lowered customer name and e-mail of an account's ledger, once: what search by
 * customer matches through its trigram index (migration 0006). A trigger on the ledger adds to it.
 */
export interface CustomerSearchTermsTable {
	account_id: string;
	term: string;
}

/** An account's key for Stripe's API (migrations 0013 and 0018, stripe-api/keys.ts). */
export interface ApiKeysTable {
	account_id: string;
	id: string;
	name: string;
	kind: "secret" | "publishable" | "restricted";
	/** sk_test_, sk_live_, pk_test_, pk_live_, rk_test_ or rk_live_. */
	prefix: string;
	last4: string;
	/** SHA-256 (hex) of the whole key. */
	secret_hash: string;
	/** The whole key, for a publishable one (it is public); null for a secret one. */
	publishable_key: string | null;
	created: Seconds;
	last_used: Seconds | null;
	/** When a rolled key stops working; null while it is current. */
	expires_at: Seconds | null;
	/**
	 * A restricted key's permissions by resource, as JSON ({"charges":"read"}; migration 0018);
	 * null for a secret or publishable key.
	 */
	permissions: Json | null;
}

/** What a PaymentIntent made through Stripe's API carries beyond the intake's record (migration 0013). */
export interface IntentDetailsTable {
	account_id: string;
	intent_id: string;
	/** requires_payment_method or requires_confirmation before confirmation; confirmed after; canceled. */
	status: string;
	amount: number;
	currency: string;
	capture_method: string;
	payment_method_id: string | null;
	customer_id: string | null;
	description: string | null;
	receipt_email: string | null;
	return_url: string | null;
	/** Stripe's metadata: a flat JSON object of strings. */
	metadata: Json;
	created: Seconds;
	canceled_at: Seconds | null;
	cancellation_reason: string | null;
}

/** A Stripe Customer (migration 0013). */
export interface StripeCustomersTable {
	account_id: string;
	id: string;
	email: string | null;
	name: string | null;
	description: string | null;
	phone: string | null;
	metadata: Json;
	created: Seconds;
	deleted_at: Seconds | null;
}

/** A Stripe PaymentMethod: a test card, never its number (migration 0013). */
export interface PaymentMethodsTable {
	account_id: string;
	id: string;
	type: string;
	/** SHA-256 (hex) of the test card's number, which finds the test card again. */
	test_card: string;
	brand: string;
	last4: string;
	exp_month: number;
	exp_year: number;
	country: string;
	funding: string;
	/** Stripe's billing_details as JSON. */
	billing_details: Json;
	customer_id: string | null;
	metadata: Json;
	created: Seconds;
}

/** A Stripe event as rendered once from the account's log (migration 0014, stripe-api/webhooks/). */
export interface StripeEventsTable {
	account_id: string;
	/** evt_<seq in base 36>_<idx> */
	id: string;
	/** The account event (account_events.seq) it comes from. */
	seq: number;
	/** Its place among the Stripe events of that change. */
	idx: number;
	type: string;
	created: Seconds;
	/** The event's JSON, as /v1/events answers it and webhooks send it. */
	body: Json;
	/** The PaymentIntent the event is about (its own, or its charge's, refund's or dispute's). */
	payment_intent: string | null;
}

/** How far an account's log was rendered into stripe_events (migration 0014). */
export interface StripeEventCursorsTable {
	account_id: string;
	/** The last account_events.seq rendered. */
	rendered_through: number;
}

/** Where an account's Stripe events are sent (migration 0014). */
export interface WebhookEndpointsTable {
	account_id: string;
	id: string;
	url: string;
	description: string | null;
	/** JSON array of event types, or ["*"]. */
	enabled_events: Json;
	metadata: Json;
	/** The signing secret as issued (whsec_…): read back to sign every delivery. */
	secret: string;
	status: "enabled" | "disabled";
	created: Seconds;
	/** Account time of the first failed attempt since the last success; null while none failed. */
	failing_since: Seconds | null;
	/** After a roll, the secret before it, signing too until previous_secret_expires_at (server time). */
	previous_secret: string | null;
	previous_secret_expires_at: Seconds | null;
	/** Failed attempts since the last success (the bell is told at 10). */
	failed_in_a_row: number;
}

/** One event to one endpoint (migration 0014). */
export interface WebhookDeliveriesTable {
	account_id: string;
	id: string;
	endpoint_id: string;
	event_id: string;
	event_type: string;
	created: Seconds;
	status: "pending" | "delivered" | "failed";
	attempts: number;
	/** Account time the next automatic attempt is due; null when none is planned. */
	next_attempt_at: Seconds | null;
	/** The sender holding it, until claimed_until (server time). */
	claimed_by: string | null;
	claimed_until: Seconds | null;
	delivered_at: Seconds | null;
	last_status: number | null;
	last_error: string | null;
}

/** One try of a delivery (migration 0014). */
export interface WebhookAttemptsTable {
	account_id: string;
	delivery_id: string;
	/** 1 for the first try. */
	attempt: number;
	/** Account time of the try. */
	created: Seconds;
	/** The Stripe-Signature header's t (server time). */
	signed_at: Seconds;
	duration_ms: number;
	/** The HTTP status answered; null when none came (error says why). */
	status: number | null;
	error: string | null;
	/** The answer's first 2 kB. */
	response_body: string | null;
}

/** One `/v1` request as the Developers area shows it (migration 0015, stripe-api/request-log.ts). */
export interface RequestLogTable {
	account_id: string;
	/** An ordered id (db/ids.ts newOrderedId("rlog")): the log's order. */
	id: string;
	/** The Request-Id header answered. */
	request_id: string;
	/** Server time. */
	created: Seconds;
	method: string;
	/** The path without its query. */
	path: string;
	/** The route it matched, e.g. /v1/payment_intents/:id; the path when none matched. */
	route: string;
	status: number;
	/** status / 100: 2, 4 or 5 (1 and 3 are never answered). */
	status_class: number;
	key_id: string | null;
	key_name: string | null;
	duration_ms: number;
	idempotency_key: string | null;
	/** The parameters (form body or query) as JSON, redacted. */
	params: Json;
	/** The answer as JSON, redacted and cut at a size (stripe-api/request-log.ts); null when it was not JSON. */
	response: string | null;
}

/** An event a connected Stripe account sent, kept once by its id (migration 0019). */
export interface StripeInboundEventsTable {
	account_id: string;
	/** Stripe's event id, evt_… */
	id: string;
	type: string;
	/** The id of the event's object (data.object.id), when it has one. */
	object_id: string | null;
	/** Stripe's time of the event. */
	created: Seconds;
	/** Server time it came. */
	received_at: Seconds;
	/** When the ledger took it in; null until then. */
	applied_at: Seconds | null;
	/** The event's JSON as Stripe signed it. */
	body: string;
}

/**
 * A local evidence file uploaded to a connected Stripe account (migration 0023,
 * processors/stripe/evidence-files.ts): Stripe's id for it, so it is uploaded once.
 */
export interface StripeFilesTable {
	account_id: string;
	/** The Stripe account it was uploaded to, acct_… */
	stripe_account_id: string;
	/** The local file (files.id). */
	file_id: string;
	/** Stripe's file, file_… */
	stripe_file_id: string;
	/** Server time of the upload. */
	created: Seconds;
}

/**
 * A Paydesk account connected to its own Stripe account (migration 0017,
 * payments/stripe-account/). Secrets are sealed with secrets/cipher.ts.
 */
export interface StripeConnectionsTable {
	account_id: string;
	stripe_account_id: string;
	stripe_account_name: string | null;
	livemode: Bool;
	key_kind: "secret" | "restricted";
	key_last4: string;
	/** The key, sealed. */
	key_encrypted: string;
	/** Paydesk's webhook endpoint on the Stripe account; null if none could be kept. */
	webhook_endpoint_id: string | null;
	/** Its signing secret, sealed. */
	webhook_secret_encrypted: string | null;
	/** The history import's state: importing, live or error. */
	status: "importing" | "live" | "error";
	/** Server time. */
	connected_at: Seconds;
	last_error: string | null;
	/** Created time of the newest Stripe event taken in. */
	last_event_at: Seconds | null;
	/** JSON: kind of record → the last Stripe id the import took in. */
	import_cursors: Json;
	/** JSON: kind of record → how many the import took in. */
	import_counts: Json;
	import_started_at: Seconds | null;
	import_finished_at: Seconds | null;
	/** The process running the import, until its lease ends (server time); null when none holds it. */
	import_runner: string | null;
	import_lease_until: Seconds | null;
}

/**
 * A balance transaction's filterable columns as the rollups and value counts are keyed by them
 * (ledger/rollup-dimensions.ts): an empty value is stored as '' (text) or -1 (risk level), so it
 * can sit in a primary key on both engines.
 */
interface StoredDimensionColumns {
	currency: string;
	type: string;
	source: string;
	customer_currency: string;
	channel: string;
	source_device: string;
	customer_country: string;
	risk_level: number;
	loan_id: string;
}

/**
 * The count and sums of an account's balance transactions over one period and one combination of
 * the filterable columns (migration 0002, ledger/rollups.ts): written only with the ledger.
 */
export interface TransactionRollupsTable extends StoredDimensionColumns {
	account_id: string;
	/** Length of the period in days: 1, 30 or 360. */
	span: number;
	/** UTC day number (floor(created / 86400)) of the period's first day, a multiple of span. */
	period: number;
	count: number;
	amount: number;
	fee: number;
	net: number;
}

/**
 * How many balance transactions fall in one band of amount, fee or net, per combination of the
 * filterable columns (migrations 0006 and 0010, ledger/value-counts.ts): written only with the ledger.
 */
export interface TransactionValueCountsTable extends StoredDimensionColumns {
	account_id: string;
	measure: "amount" | "fee" | "net";
	/** The significant digits of the band: 1 (a coarse band) or 2 (a fine one, within it). */
	digits: 1 | 2;
	/** The band's value nearest zero (ledger/value-counts.ts valueBand). */
	band: number;
	count: number;
}

/**
 * Every table the migrations make. db/schema-columns.generated.ts, which `npm run db:types` writes
 * from the migrations, satisfies SchemaColumns: a table or column that one has and the other
 * lacks, or a column typed otherwise (text, number or bytes, null or not), fails the typecheck.
 */
export interface Database {
	accounts: AccountsTable;
	users: UsersTable;
	sessions: SessionsTable;
	two_factor: TwoFactorTable;
	two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
	application_passwords: ApplicationPasswordsTable;
	options: OptionsTable;
	user_meta: UserMetaTable;
	sequences: SequencesTable;
	rate_limits: RateLimitsTable;
	orders: OrdersTable;
	charges: ChargesTable;
	balance_transactions: BalanceTransactionsTable;
	customer_search_terms: CustomerSearchTermsTable;
	refunds: RefundsTable;
	disputes: DisputesTable;
	files: FilesTable;
	payouts: PayoutsTable;
	timeline_events: TimelineEventsTable;
	loans: LoansTable;
	loan_paydowns: LoanPaydownsTable;
	card_readers: CardReadersTable;
	reader_charges: ReaderChargesTable;
	documents: DocumentsTable;
	inbox_notes: InboxNotesTable;
	export_jobs: ExportJobsTable;
	email_outbox: EmailOutboxTable;
	idempotency_keys: IdempotencyKeysTable;
	request_keys: RequestKeysTable;
	payment_intents: PaymentIntentsTable;
	account_clocks: AccountClocksTable;
	account_events: AccountEventsTable;
	notifications: NotificationsTable;
	notification_reads: NotificationReadsTable;
	usage_events: UsageEventsTable;
	transaction_rollups: TransactionRollupsTable;
	transaction_value_counts: TransactionValueCountsTable;
	api_keys: ApiKeysTable;
	intent_details: IntentDetailsTable;
	stripe_customers: StripeCustomersTable;
	payment_methods: PaymentMethodsTable;
	stripe_events: StripeEventsTable;
	stripe_event_cursors: StripeEventCursorsTable;
	webhook_endpoints: WebhookEndpointsTable;
	webhook_deliveries: WebhookDeliveriesTable;
	webhook_attempts: WebhookAttemptsTable;
	request_log: RequestLogTable;
	stripe_connections: StripeConnectionsTable;
	stripe_inbound_events: StripeInboundEventsTable;
	stripe_files: StripeFilesTable;
	audit_log: AuditLogTable;
	audit_heads: AuditHeadsTable;
}

type Holds<V> = [V] extends [string]
	? "string"
	: [V] extends [number]
		? "number"
		: [V] extends [Uint8Array]
			? "bytes"
			: never;

/** A column as the generated module writes it: "string", "number | null" … */
type Declared<V> = null extends V ? `${Holds<NonNullable<V>>} | null` : Holds<NonNullable<V>>;

/** Database as db/schema-columns.generated.ts lists it (an optional column is still a column). */
export type SchemaColumns = {
	readonly [T in keyof Database]: { readonly [C in keyof Database[T]]-?: Declared<Database[T][C]> };
};
