/**
 * The free-trial form on the page (Interactivity API): sends the form to POST /svc/v1/trials/request and puts
 * the outcome, in plain words, into the form's aria-live region. The key in the answer is never shown.
 */
import { getContext, getElement, store } from '@wordpress/interactivity';
import { outcomeOf, type ErrorBody, type Messages } from './outcome';

interface Context {
	productSlug: string;
	productName: string;
	endpoint: string;
	/** The honeypot field's name (Trials::HONEYPOT), in the form and in the body. */
	honeypot: string;
	status: 'idle' | 'sending' | 'done';
	message: string;
	isError: boolean;
	emailInvalid: boolean;
}

/** The sentences come from render.php (wp_interactivity_state), translated on the server. */
type State = Messages & { readonly isSending: boolean };

const { state } = store( 'svc-licensing/free-trial', {
	state: {
		get isSending(): boolean {
			return getContext< Context >().status === 'sending';
		},
	} as State,
	actions: {
		*submit( event: SubmitEvent ): Generator< Promise< unknown >, void > {
			event.preventDefault();
			const context = getContext< Context >();
			const form = getElement().ref as HTMLFormElement | null;
			if ( ! form || context.status === 'sending' ) {
				return;
			}
			const data = new FormData( form );
			const field = ( name: string ) =>
				String( data.get( name ) ?? '' ).trim();
			const email = field( 'email' );
			context.status = 'sending';
			context.message = state.sending;
			context.isError = false;
			context.emailInvalid = false;

			let status = 0;
			let body: ErrorBody | null = null;
			let retryAfter: string | null = null;
			try {
				const response = ( yield fetch( context.endpoint, {
					method: 'POST',
					headers: {
						Accept: 'application/json',
						'Content-Type': 'application/json',
					},
					body: JSON.stringify( {
						product_slug: context.productSlug,
						email,
						name: field( 'name' ),
						[ context.honeypot ]: String(
							data.get( context.honeypot ) ?? ''
						),
					} ),
				} ) ) as Response;
				status = response.status;
				retryAfter = response.headers.get( 'Retry-After' );
				body = ( yield response
					.json()
					.catch( () => null ) ) as ErrorBody | null;
			} catch {
				// The network failed: the generic sentence below.
			}
			const outcome = outcomeOf(
				status,
				body,
				retryAfter,
				{ email, productName: context.productName },
				state
			);
			context.status = 'done';
			context.message = outcome.message;
			context.isError = outcome.isError;
			context.emailInvalid = outcome.emailInvalid;
			if ( outcome.emailInvalid ) {
				form.querySelector< HTMLInputElement >(
					'input[name="email"]'
				)?.focus();
			} else if ( ! outcome.isError ) {
				form.reset();
			}
		},
	},
} );
