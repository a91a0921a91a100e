/**
 * The customer portal in the browser (Interactivity API): sign in by emailed link, then the licences of that address.
 * Only WordPress 6.5's API is used (store, getContext, generator actions), as core's own blocks do.
 */
import { store, getContext } from '@wordpress/interactivity';

interface Activation {
	id: number;
	site_url: string;
	activated_at: string;
}

interface License {
	id: number;
	key_masked: string;
	product: { slug: string; name: string };
	tier: string | null;
	status: string;
	expires: string | null;
	renews: boolean;
	renewal_url: string | null;
	activation_limit: number | null;
	activation_count: number;
	activations: Activation[];
	self_serve_releases_left: number;
	download: boolean;
	new_key?: string;
	message?: string;
}

interface Context {
	licence: License;
	site?: Activation;
}

interface Answer {
	ok: boolean;
	status: number;
	data: Record< string, unknown > | null;
}

interface State {
	root: string;
	nonce: string;
	account: string;
	phase: 'checking' | 'signed-out' | 'signed-in';
	email: string;
	csrf: string;
	notice: string;
	busy: boolean;
	licences: License[];
	text: Record< string, string >;
	readonly isChecking: boolean;
	/** A plain value, not derived: 6.5 hydrates text as the server rendered it, so the server must set it. */
	signInTitle: string;
	readonly isAccount: boolean;
	readonly showsSignIn: boolean;
	readonly isSignedIn: boolean;
	readonly hasNoLicenses: boolean;
	readonly tierText: string;
	readonly statusText: string;
	readonly expiryLabel: string;
	readonly expiryText: string;
	readonly sitesText: string;
	readonly releasesText: string;
	readonly deactivateLabel: string;
}

const TOKEN_PARAM = 'svc_portal_token';

/** Fills %s / %1$s placeholders the way the server's sprintf would. */
function format( pattern: string, ...values: Array< string | number > ) {
	let next = 0;
	return pattern.replace( /%(\d+\$)?s/g, ( _match, position?: string ) =>
		String(
			values[ position ? parseInt( position, 10 ) - 1 : next++ ] ?? ''
		)
	);
}

/** A date as the visitor's locale writes it. */
function day( iso: string ) {
	const date = new Date( iso );
	return Number.isNaN( date.getTime() )
		? iso
		: date.toLocaleDateString( undefined, { dateStyle: 'long' } );
}

/** The portal route's address, with or without pretty permalinks. */
function endpoint( root: string, path: string ) {
	const url = new URL( root, window.location.href );
	const route = url.searchParams.get( 'rest_route' );
	if ( route !== null ) {
		url.searchParams.set( 'rest_route', route + path );
	} else {
		url.pathname += path;
	}
	return url.toString();
}

/** The page's address without a sign-in token, which must never be reused or shared. */
function pageWithoutToken() {
	const url = new URL( window.location.href );
	url.searchParams.delete( TOKEN_PARAM );
	return url.toString();
}

const { state } = store( 'svc-licensing/portal', {
	state: {
		get isChecking() {
			return state.phase === 'checking';
		},
		get isAccount() {
			return state.account !== '' && state.email === state.account;
		},
		get isSignedIn() {
			return state.phase === 'signed-in';
		},
		// Signed out, or signed in (as a WordPress user, say) with an address that has no licences: another address
		// can still be signed in with.
		get showsSignIn() {
			return (
				state.phase === 'signed-out' ||
				( state.phase === 'signed-in' && state.licences.length === 0 )
			);
		},
		get hasNoLicenses() {
			return state.phase === 'signed-in' && state.licences.length === 0;
		},
		get tierText() {
			return getContext< Context >().licence.tier || state.text.noTier;
		},
		get statusText() {
			const status = getContext< Context >().licence.status;
			const key =
				'status' + status.charAt( 0 ).toUpperCase() + status.slice( 1 );
			return state.text[ key ] ?? status;
		},
		get expiryLabel() {
			return getContext< Context >().licence.renews
				? state.text.renews
				: state.text.expires;
		},
		get expiryText() {
			const { expires } = getContext< Context >().licence;
			return expires ? day( expires ) : state.text.never;
		},
		get sitesText() {
			const { activation_count: used, activation_limit: limit } =
				getContext< Context >().licence;
			return format(
				state.text.sitesOf,
				used,
				limit === null ? state.text.unlimited : limit
			);
		},
		get releasesText() {
			const left =
				getContext< Context >().licence.self_serve_releases_left;
			if ( left === 1 ) {
				return state.text.releasesLeftOne;
			}
			return left > 1
				? format( state.text.releasesLeft, left )
				: state.text.noReleasesLeft;
		},
		get deactivateLabel() {
			return format(
				state.text.deactivateSite,
				getContext< Context >().site?.site_url ?? ''
			);
		},
	} as State,
	actions: {
		*start() {
			const token = new URL( window.location.href ).searchParams.get(
				TOKEN_PARAM
			);
			if ( token ) {
				// The link works once: take it out of the address bar and history before anything else.
				window.history.replaceState( null, '', pageWithoutToken() );
				state.notice = state.text.signingIn;
				const answer: Answer = yield request( 'POST', 'session', {
					token,
				} );
				if ( ! answer.ok ) {
					state.phase = 'signed-out';
					state.notice = messageOf( answer );
					return;
				}
				state.notice = '';
				yield signedIn( answer );
				return;
			}
			const answer: Answer = yield request( 'GET', 'session' );
			if ( answer.ok ) {
				yield signedIn( answer );
			} else {
				state.phase = 'signed-out';
			}
		},
		setEmail( event: Event ) {
			state.email = ( event.target as HTMLInputElement ).value.trim();
		},
		*requestLink( event: SubmitEvent ) {
			event.preventDefault();
			if ( ! /^[^\s@]+@[^\s@]+$/.test( state.email ) ) {
				state.notice = state.text.enterEmail;
				return;
			}
			state.busy = true;
			state.notice = state.text.sending;
			const answer: Answer = yield request( 'POST', 'link', {
				email: state.email,
				return_url: pageWithoutToken(),
			} );
			state.busy = false;
			state.notice = messageOf( answer );
		},
		*signOut() {
			yield request( 'DELETE', 'session' );
			state.csrf = '';
			state.licences = [];
			state.notice = state.text.signedOut;
			state.signInTitle = state.text.signIn;
			// A logged-in user falls back to their own account's portal.
			const answer: Answer = yield request( 'GET', 'session' );
			if ( answer.ok ) {
				yield signedIn( answer );
			} else {
				state.phase = 'signed-out';
			}
		},
		*deactivate() {
			const { licence: license, site } = getContext< Context >();
			if ( ! site ) {
				return;
			}
			state.busy = true;
			const answer: Answer = yield request(
				'POST',
				`licenses/${ license.id }/activations/${ site.id }/deactivate`
			);
			state.busy = false;
			if ( answer.ok ) {
				replace(
					license.id,
					answer.data as unknown as License,
					format( state.text.deactivated, site.site_url )
				);
			} else {
				license.message = messageOf( answer );
			}
		},
		*download() {
			const { licence: license } = getContext< Context >();
			state.busy = true;
			const answer: Answer = yield request(
				'POST',
				`licenses/${ license.id }/download`
			);
			state.busy = false;
			if ( answer.ok && typeof answer.data?.url === 'string' ) {
				license.message = state.text.downloading;
				window.location.assign( answer.data.url );
			} else {
				license.message = messageOf( answer );
			}
		},
		*rotate() {
			// eslint-disable-next-line no-alert -- the browser's own confirmation: keyboard and screen reader ready.
			if ( ! window.confirm( state.text.confirmRotate ) ) {
				return;
			}
			// Read before the first yield: the context is the clicked licence's only until then.
			const { licence: license } = getContext< Context >();
			state.busy = true;
			const answer: Answer = yield request(
				'POST',
				`licenses/${ license.id }/rotate`
			);
			state.busy = false;
			if ( answer.ok && typeof answer.data?.license_key === 'string' ) {
				const key = answer.data.license_key;
				const list: Answer = yield request( 'GET', 'licenses' );
				const fresh = list.ok
					? ( list.data as unknown as License[] ).find(
							( item ) => item.id === license.id
						)
					: undefined;
				replace( license.id, fresh ?? license, state.text.rotated );
				const shown = state.licences.find(
					( item ) => item.id === license.id
				);
				if ( shown ) {
					shown.new_key = key;
				}
			} else {
				license.message = messageOf( answer );
			}
		},
	},
} );

/** The server's words for a failed answer, or ours when there were none (offline, a proxy's error page). */
function messageOf( answer: Answer ) {
	const message = answer.data?.message;
	return typeof message === 'string' && message !== ''
		? message
		: state.text.failed;
}

/** Puts a licence's fresh copy in place, with a message beside it. */
function replace( id: number, fresh: License, message: string ) {
	// In place, so every binding that reads the licence (counts, allowance, sites) sees the new values.
	const shown = state.licences.find( ( item ) => item.id === id );
	if ( shown ) {
		Object.assign( shown, fresh, { message, new_key: '' } );
	}
}

/** Signed in: remember who and the CSRF token, then load the licences. */
async function signedIn( answer: Answer ) {
	state.email = String( answer.data?.email ?? '' );
	state.csrf = String( answer.data?.csrf ?? '' );
	const list = await request( 'GET', 'licenses' );
	state.licences = list.ok ? ( list.data as unknown as License[] ) : [];
	state.phase = 'signed-in';
	state.signInTitle = state.text.otherAddress;
	if ( ! list.ok ) {
		state.notice = messageOf( list );
	}
}

/** One call to a portal route, with the session's CSRF token and, for a logged-in user, WordPress' REST nonce. */
async function request(
	method: string,
	path: string,
	body?: Record< string, unknown >
): Promise< Answer > {
	const headers: Record< string, string > = { Accept: 'application/json' };
	if ( body ) {
		headers[ 'Content-Type' ] = 'application/json';
	}
	if ( state.csrf ) {
		headers[ 'X-Svc-Portal-Csrf' ] = state.csrf;
	}
	if ( state.nonce ) {
		headers[ 'X-WP-Nonce' ] = state.nonce;
	}
	try {
		const response = await fetch( endpoint( state.root, path ), {
			method,
			headers,
			credentials: 'same-origin',
			body: body ? JSON.stringify( body ) : undefined,
		} );
		const data = await response.json().catch( () => null );
		return { ok: response.ok, status: response.status, data };
	} catch {
		return { ok: false, status: 0, data: null };
	}
}
