/**
 * The panel's one way to change data: useMutation for an action (notify, then reload), useMutationEach for an
 * action on several rows (one message for all, one per failure, then reload), useForm for a form (check
 * on the client, send, map the server's refusal onto the fields, notify), useUnsavedChanges for the warning when a
 * form with changes is left.
 */
import { Notice } from '@wordpress/components';
import {
	useCallback,
	useEffect,
	useMemo,
	useRef,
	useState,
} from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { ServiceError } from '../api/client';
import { errorMessage, useNotify } from './notices';
import { check, type Rule } from './validate';

export interface MutationOptions {
	/** The snackbar text on success. */
	success: string;
	/** Called after a success, e.g. a list's reload. */
	reload?: () => void;
	/** Put before the server's message on failure. */
	errorPrefix?: string;
}

/** Runs a change: a success or error snackbar, a reload on success. Resolves undefined on failure. */
export function useMutation() {
	const notify = useNotify();
	return useCallback(
		< T, >(
			run: () => Promise< T >,
			options: MutationOptions
		): Promise< T | undefined > =>
			run().then(
				( value ) => {
					notify.success( options.success );
					options.reload?.();
					return value;
				},
				( error: unknown ) => {
					notify.error( error, options.errorPrefix );
					return undefined;
				}
			),
		[ notify ]
	);
}

export interface EachOptions< T > {
	/** The snackbar text once `count` items changed. */
	success: ( count: number ) => string;
	/** Called once after at least one item changed, e.g. a list's reload. */
	reload?: () => void;
	/** Put before the server's message when an item's change fails, naming the item. */
	errorPrefix?: ( item: T ) => string;
}

/**
 * Runs a change on each item in turn (a bulk action, or a row's action on its one row): one success snackbar for
 * all that changed, one error snackbar per failure, and a reload when anything changed. Resolves the count changed.
 */
export function useMutationEach() {
	const notify = useNotify();
	return useCallback(
		async < T, >(
			items: T[],
			change: ( item: T ) => Promise< unknown >,
			options: EachOptions< T >
		): Promise< number > => {
			let changed = 0;
			for ( const item of items ) {
				try {
					await change( item );
					changed++;
				} catch ( error: unknown ) {
					notify.error( error, options.errorPrefix?.( item ) );
				}
			}
			if ( changed > 0 ) {
				notify.success( options.success( changed ) );
				options.reload?.();
			}
			return changed;
		},
		[ notify ]
	);
}

/** A field's messages from a 400 answer's data.params (field => message), when it has them. */
export function fieldErrorsOf( error: unknown ): Record< string, string > {
	if ( ! ( error instanceof ServiceError ) ) {
		return {};
	}
	const params = ( error.envelope.data as { params?: unknown } | undefined )
		?.params;
	if ( ! params || typeof params !== 'object' || Array.isArray( params ) ) {
		return {};
	}
	const out: Record< string, string > = {};
	for ( const [ field, message ] of Object.entries( params ) ) {
		if ( typeof message === 'string' ) {
			out[ field ] = message;
		}
	}
	return out;
}

type Values = Record< string, string | boolean >;

export interface SubmitOptions< R > {
	success: string;
	onDone?: ( result: R ) => void;
}

/**
 * A form's state. `rules` checks fields on the client (plain words, under the field); the server checks again and
 * its refusal lands under the same fields (or, for a field the form does not show, at the top with FormError).
 */
export function useForm< V extends Values >(
	initial: V,
	rules: Partial< Record< keyof V & string, Rule[] > > = {}
) {
	const notify = useNotify();
	const [ values, setValues ] = useState< V >( initial );
	const [ errors, setErrors ] = useState< Record< string, string > >( {} );
	const [ formError, setFormError ] = useState< string | null >( null );
	const [ busy, setBusy ] = useState( false );
	const start = useRef( initial );
	const dirty = useMemo(
		() =>
			Object.keys( values ).some(
				( name ) => values[ name ] !== start.current[ name ]
			),
		[ values ]
	);

	const set = useCallback(
		( name: keyof V & string ) => ( value: V[ typeof name ] ) => {
			setValues( ( current ) => ( { ...current, [ name ]: value } ) );
			setErrors( ( current ) => {
				if ( ! ( name in current ) ) {
					return current;
				}
				const next = { ...current };
				delete next[ name ];
				return next;
			} );
		},
		[]
	);

	/** Checks the client rules; sends; on a refusal maps the server's messages. Resolves the result or undefined. */
	const submit = useCallback(
		async < R, >(
			run: ( current: V ) => Promise< R >,
			options: SubmitOptions< R >
		): Promise< R | undefined > => {
			const found: Record< string, string > = {};
			for ( const [ name, fieldRules ] of Object.entries( rules ) ) {
				const value = values[ name ];
				const message = check(
					typeof value === 'string' ? value : '',
					( fieldRules ?? [] ) as Rule[]
				);
				if ( message ) {
					found[ name ] = message;
				}
			}
			setErrors( found );
			setFormError( null );
			if ( Object.keys( found ).length > 0 ) {
				focusFirstInvalid();
				return undefined;
			}
			setBusy( true );
			try {
				const result = await run( values );
				start.current = values;
				notify.success( options.success );
				options.onDone?.( result );
				return result;
			} catch ( error: unknown ) {
				const server = fieldErrorsOf( error );
				const shown = Object.keys( server ).filter(
					( name ) => name in values
				);
				setErrors(
					Object.fromEntries(
						shown.map( ( name ) => [ name, server[ name ] ] )
					)
				);
				// The whole message at the top when no field can carry it; the snackbar too, as for any failure.
				setFormError(
					shown.length === Object.keys( server ).length &&
						shown.length > 0
						? null
						: errorMessage( error )
				);
				notify.error( error );
				if ( shown.length > 0 ) {
					focusFirstInvalid();
				}
				return undefined;
			} finally {
				setBusy( false );
			}
		},
		// eslint-disable-next-line react-hooks/exhaustive-deps
		[ values, notify ]
	);

	/** Props for a @wordpress/components control: the error under the field, and aria-invalid. */
	const fieldProps = useCallback(
		( name: keyof V & string, help?: string ) =>
			errors[ name ]
				? {
						help: errors[ name ],
						className: 'svc-field has-error',
						'aria-invalid': true as const,
					}
				: { help, className: 'svc-field' },
		[ errors ]
	);

	return {
		values,
		set,
		setValues,
		errors,
		formError,
		busy,
		dirty,
		submit,
		fieldProps,
	};
}

function focusFirstInvalid() {
	window.setTimeout( () => {
		document
			.querySelector< HTMLElement >( '[aria-invalid="true"]' )
			?.focus();
	}, 0 );
}

/** The message of a refusal that no field carries, at the top of the form. */
export function FormError( { message }: { message: string | null } ) {
	if ( ! message ) {
		return null;
	}
	return (
		<Notice
			status="error"
			isDismissible={ false }
			className="svc-form-error"
		>
			{ message }
		</Notice>
	);
}

const LEAVE = __(
	'You have unsaved changes. Leave without saving them?',
	'svc-licensing'
);

/**
 * Warns before unsaved changes are lost: the browser's prompt when the page is left, and `confirmClose()` for a
 * dialog's close button (true when it may close).
 */
export function useUnsavedChanges( dirty: boolean ) {
	useEffect( () => {
		if ( ! dirty ) {
			return undefined;
		}
		const warn = ( event: BeforeUnloadEvent ) => {
			event.preventDefault();
			event.returnValue = LEAVE;
			return LEAVE;
		};
		window.addEventListener( 'beforeunload', warn );
		return () => window.removeEventListener( 'beforeunload', warn );
	}, [ dirty ] );
	return useCallback(
		// eslint-disable-next-line no-alert -- the same prompt core's editors use for unsaved changes.
		() => ! dirty || window.confirm( LEAVE ),
		[ dirty ]
	);
}
