/**
 * Snackbar notices for the whole panel: success and failure of every action.
 */
import { SnackbarList } from '@wordpress/components';
import {
	createContext,
	useCallback,
	useContext,
	useMemo,
	useState,
} from '@wordpress/element';
import { __ } from '@wordpress/i18n';
import { ServiceError } from '../api/client';

interface Notice {
	id: string;
	content: string;
	status: 'success' | 'error';
}

interface Notify {
	success: ( message: string ) => void;
	error: ( error: unknown, prefix?: string ) => void;
}

const NoticesContext = createContext< Notify >( {
	success: () => undefined,
	error: () => undefined,
} );

/** The message of anything thrown by the client, for people. */
export function errorMessage( error: unknown ): string {
	if ( error instanceof ServiceError ) {
		return error.message;
	}
	if ( error instanceof Error ) {
		return error.message;
	}
	return __( 'Something went wrong.', 'svc-licensing' );
}

export function NoticesProvider( { children }: { children: JSX.Element } ) {
	const [ notices, setNotices ] = useState< Notice[] >( [] );
	const add = useCallback(
		( content: string, status: Notice[ 'status' ] ) =>
			setNotices( ( current ) => [
				...current.slice( -2 ),
				{ id: `${ Date.now() }-${ Math.random() }`, content, status },
			] ),
		[]
	);
	const notify = useMemo< Notify >(
		() => ( {
			success: ( message ) => add( message, 'success' ),
			error: ( error, prefix ) =>
				add(
					prefix
						? `${ prefix } ${ errorMessage( error ) }`
						: errorMessage( error ),
					'error'
				),
		} ),
		[ add ]
	);
	return (
		<NoticesContext.Provider value={ notify }>
			{ children }
			<div className="svc-snackbars">
				<SnackbarList
					notices={ notices.map( ( notice ) => ( {
						id: notice.id,
						content: notice.content,
						spokenMessage: notice.content,
						className: `svc-snackbar is-${ notice.status }`,
					} ) ) }
					onRemove={ ( id: string ) =>
						setNotices( ( current ) =>
							current.filter( ( notice ) => notice.id !== id )
						)
					}
				/>
			</div>
		</NoticesContext.Provider>
	);
}

export const useNotify = () => useContext( NoticesContext );
