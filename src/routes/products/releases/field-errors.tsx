/**
 * The release form's field errors: the server's refusal (data.params) under the field it names.
 */

/** The errors without one field's, once that field changes. */
export const without = ( errors: Record< string, string >, name: string ) =>
	Object.fromEntries(
		Object.entries( errors ).filter( ( [ key ] ) => key !== name )
	);

/** Props that put a field's error under it, with aria-invalid. */
export const fieldProps = ( errors: Record< string, string >, name: string ) =>
	errors[ name ]
		? {
				help: (
					<span className="svc-field-error">{ errors[ name ] }</span>
				),
				className: 'has-error',
				'aria-invalid': true,
			}
		: {};
