/**
 * The first-run checklist on the panel's first screen: create a product, upload a release, paste the Stripe
 * signing secret, map a price, create or sell a licence. Each step is ticked by the server from what is stored
 * (GET /admin/onboarding); each links to the screen where it is done. An administrator can dismiss it; the choice
 * is kept for that user.
 */
import { Button, Card, CardBody, CardHeader } from '@wordpress/components';
import { useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import type { ServiceClient } from '../../api/client';
import type { Onboarding } from '../../api/types';
import { useLoad } from '../../components/async';
import { useMutation } from '../../components/mutation';
import { panelConfig } from '../../panel-config';
import { stepText, stepUrl } from './steps';
import './style.scss';

export function OnboardingChecklist( { client }: { client: ServiceClient } ) {
	const [ loaded ] = useLoad( () => client.onboarding(), [] );
	const [ changed, setChanged ] = useState< Onboarding | null >( null );
	const mutate = useMutation();
	const checklist =
		changed ?? ( loaded.kind === 'ready' ? loaded.value : null );
	// Setting up needs the admin's screens (Settings); other users never see the list.
	if (
		panelConfig().level !== 'admin' ||
		! checklist ||
		checklist.dismissed
	) {
		return null;
	}
	const done = checklist.steps.filter( ( step ) => step.done ).length;
	const dismiss = () =>
		mutate( () => client.setOnboardingDismissed( true ), {
			success: __(
				'Checklist dismissed. It will not be shown to you again.',
				'svc-licensing'
			),
		} ).then( ( next ) => next && setChanged( next ) );

	return (
		<Card
			className="svc-onboarding"
			data-testid="svc-onboarding"
			role="region"
			aria-labelledby="svc-onboarding-title"
		>
			<CardHeader>
				<div>
					<h2 id="svc-onboarding-title">
						{ checklist.complete
							? __(
									'Your licence service is set up',
									'svc-licensing'
								)
							: __(
									'Set up your licence service',
									'svc-licensing'
								) }
					</h2>
					<p className="svc-onboarding-progress">
						{ sprintf(
							/* translators: 1: steps done, 2: all steps. */
							__( '%1$d of %2$d steps done.', 'svc-licensing' ),
							done,
							checklist.steps.length
						) }
					</p>
				</div>
				<Button variant="tertiary" onClick={ dismiss }>
					{ __( 'Dismiss the setup checklist', 'svc-licensing' ) }
				</Button>
			</CardHeader>
			<CardBody>
				<ol className="svc-onboarding-steps">
					{ checklist.steps.map( ( step ) => {
						const text = stepText( step.id );
						const url = stepUrl( text );
						return (
							<li
								key={ step.id }
								className={ step.done ? 'is-done' : 'is-todo' }
								data-testid={ `svc-onboarding-${ step.id }` }
							>
								<span
									className={ `dashicons ${
										step.done
											? 'dashicons-yes-alt'
											: 'dashicons-marker'
									}` }
									aria-hidden="true"
								/>
								<span className="screen-reader-text">
									{ step.done
										? __( 'Done:', 'svc-licensing' )
										: __( 'To do:', 'svc-licensing' ) }
								</span>{ ' ' }
								<span className="svc-onboarding-step">
									{ url ? (
										<a href={ url }>{ text.label }</a>
									) : (
										text.label
									) }
									<span className="svc-onboarding-hint">
										{ text.hint }
									</span>
								</span>
							</li>
						);
					} ) }
				</ol>
			</CardBody>
		</Card>
	);
}
