/**
 * What the free-trial form tells the visitor after POST /svc/v1/trials/request answered: one plain sentence per
 * outcome, from the words render.php put in the store's state (translated on the server). The licence key goes by
 * email only.
 */

/** The sentences render.php hands to the store (FreeTrialView::messages()). */
export interface Messages {
	sending: string;
	sent: string;
	alreadyUsed: string;
	trialsOff: string;
	invalidEmail: string;
	waitSecond: string;
	waitSeconds: string;
	waitMinutes: string;
	failed: string;
}

/** The spec's error envelope, as far as the form reads it. */
export interface ErrorBody {
	code?: unknown;
	message?: unknown;
	data?: { params?: Record< string, unknown > };
}

export interface Outcome {
	message: string;
	isError: boolean;
	/** The email field is what the server refused: it gets aria-invalid and the focus. */
	emailInvalid: boolean;
}

const fill = ( template: string, value: string | number ) =>
	template.replace( /%(s|d)/, String( value ) );

/** The wait a 429 asks for, in the largest unit that reads well; Retry-After is in seconds. */
export function waitMessage(
	retryAfter: string | null,
	messages: Messages
): string {
	const given = retryAfter === null ? NaN : Number( retryAfter );
	const seconds = Math.max(
		1,
		Math.ceil( Number.isFinite( given ) ? given : 60 )
	);
	if ( seconds >= 120 ) {
		return fill( messages.waitMinutes, Math.ceil( seconds / 60 ) );
	}
	return seconds === 1
		? messages.waitSecond
		: fill( messages.waitSeconds, seconds );
}

/**
 * The outcome of an answer: status, parsed body (null when it was not JSON), the Retry-After header, and the
 * address and product the visitor asked for.
 */
export function outcomeOf(
	status: number,
	body: ErrorBody | null,
	retryAfter: string | null,
	request: { email: string; productName: string },
	messages: Messages
): Outcome {
	const error = ( message: string, emailInvalid = false ): Outcome => ( {
		message,
		isError: true,
		emailInvalid,
	} );
	// 202: the mail is on its way (a new trial's key, or word that the address had its trial; the answer is the
	// same for both). 201 is the spec's answer to a caller with a write key, which a page never is.
	if ( status === 202 || status === 201 ) {
		return {
			message: fill( messages.sent, request.email ),
			isError: false,
			emailInvalid: false,
		};
	}
	const code = typeof body?.code === 'string' ? body.code : '';
	switch ( code ) {
		case 'trial_already_used':
			return error( fill( messages.alreadyUsed, request.productName ) );
		case 'rate_limit_exceeded':
			return error( waitMessage( retryAfter, messages ) );
		case 'trial_not_available':
		case 'product_not_found':
			return error( fill( messages.trialsOff, request.productName ) );
		case 'invalid_params':
			if ( body?.data?.params && 'email' in body.data.params ) {
				return error( messages.invalidEmail, true );
			}
	}
	// Any other refusal (the honeypot's among them) in the server's own words, which are written for people.
	return error(
		typeof body?.message === 'string' && body.message !== ''
			? body.message
			: messages.failed
	);
}
