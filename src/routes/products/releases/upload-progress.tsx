/**
 * An upload's progress, labelled, as a share of the bytes sent.
 */
import { __ } from '@wordpress/i18n';

export function UploadProgress( { progress }: { progress: number } ) {
	return (
		<p className="svc-upload-progress">
			<label htmlFor="svc-upload-progress">
				{ __( 'Uploading', 'svc-licensing' ) }
			</label>{ ' ' }
			<progress
				id="svc-upload-progress"
				max={ 1 }
				value={ progress }
				data-testid="svc-upload-progress"
			/>{ ' ' }
			{ Math.round( progress * 100 ) }%
		</p>
	);
}
