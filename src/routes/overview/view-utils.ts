import { __ } from '@wordpress/i18n';
import type { CheckStatus, HealthCheck } from '../../api/types';

export function statusLabel( status: CheckStatus ): string {
	switch ( status ) {
		case 'pass':
			return __( 'Pass', 'svc-licensing' );
		case 'warn':
			return __( 'Warning', 'svc-licensing' );
		case 'fail':
			return __( 'Failing', 'svc-licensing' );
	}
}

export function checkLabel( name: HealthCheck[ 'name' ] ): string {
	switch ( name ) {
		case 'database':
			return __( 'Database', 'svc-licensing' );
		case 'file_storage':
			return __( 'Package storage', 'svc-licensing' );
		case 'payment_webhook':
			return __( 'Payment webhook', 'svc-licensing' );
	}
}
