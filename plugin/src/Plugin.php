<?php
/**
 * Wires the plugin together.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing;

use Svc\Licensing\Admin\AdminPage;
use Svc\Licensing\Admin\ExportDownload;
use Svc\Licensing\Admin\KeySecretAlert;
use Svc\Licensing\Admin\CounterStoreHealth;
use Svc\Licensing\Admin\LicenseCountsHealth;
use Svc\Licensing\Admin\SiteHealth;
use Svc\Licensing\Blocks\Blocks;
use Svc\Licensing\Blocks\FreeTrialBlock;
use Svc\Licensing\Blocks\LatestReleaseBlock;
use Svc\Licensing\Blocks\PortalBlock;
use Svc\Licensing\Cli\ActivationCommand;
use Svc\Licensing\Cli\Commands;
use Svc\Licensing\Cli\EventCommand;
use Svc\Licensing\Cli\ExplainCommand;
use Svc\Licensing\Cli\ImportCommand;
use Svc\Licensing\Cli\KeyCommand;
use Svc\Licensing\Cli\LeaseKeyCommand;
use Svc\Licensing\Admin\LeaseKeyAlert;
use Svc\Licensing\Core\LeaseKeyAdmin;
use Svc\Licensing\Http\LeaseKeyController;
use Svc\Licensing\Cli\LicenseCommand;
use Svc\Licensing\Cli\Output;
use Svc\Licensing\Cli\ProductCommand;
use Svc\Licensing\Cli\ReleaseCommand;
use Svc\Licensing\Cli\StatsCommand;
use Svc\Licensing\Cli\WebhookCommand;
use Svc\Licensing\Admin\DisabledEndpointNotice;
use Svc\Licensing\Admin\ReleasePauseNotice;
use Svc\Licensing\Core\OutboundTarget;
use Svc\Licensing\Core\OutboundDeliveries;
use Svc\Licensing\Core\OutboundEndpoints;
use Svc\Licensing\Http\OutboundWebhookController;
use Svc\Licensing\Jobs\OutboundWebhookJob;
use Svc\Licensing\Storage\ImportMapRepository;
use Svc\Licensing\Storage\MoveIn\EddSlTables;
use Svc\Licensing\Storage\MoveIn\SlmTables;
use Svc\Licensing\Storage\OutboundDeliveryRepository;
use Svc\Licensing\Storage\OutboundEndpointRepository;
use Svc\Licensing\Core\ApiKeys;
use Svc\Licensing\Core\LicenseImport;
use Svc\Licensing\Core\MoveIn;
use Svc\Licensing\Core\Backups;
use Svc\Licensing\Core\Erasure;
use Svc\Licensing\Core\Explain;
use Svc\Licensing\Core\Catalog;
use Svc\Licensing\Core\LicenseAdmin;
use Svc\Licensing\Core\Products;
use Svc\Licensing\Core\LatestRelease;
use Svc\Licensing\Core\Releases;
use Svc\Licensing\Core\Rollouts;
use Svc\Licensing\Core\SdkDownload;
use Svc\Licensing\Core\ServiceInfo;
use Svc\Licensing\Core\SiteSettings;
use Svc\Licensing\Core\Onboarding;
use Svc\Licensing\Core\Stats;
use Svc\Licensing\Core\Trials;
use Svc\Licensing\Core\PortalLicenses;
use Svc\Licensing\Core\PortalSignIn;
use Svc\Licensing\Http\PortalController;
use Svc\Licensing\Http\PortalGuard;
use Svc\Licensing\Storage\PortalLinkRepository;
use Svc\Licensing\Storage\PortalSessionRepository;
use Svc\Licensing\Health\DatabaseCheck;
use Svc\Licensing\Privacy\CoreIntegration;
use Svc\Licensing\Privacy\PersonalData;
use Svc\Licensing\Health\FileStorageCheck;
use Svc\Licensing\Health\PaymentWebhookCheck;
use Svc\Licensing\Http\AdminActivationController;
use Svc\Licensing\Http\AdminGuard;
use Svc\Licensing\Http\AdminLicenseController;
use Svc\Licensing\Http\AdminPaymentEventController;
use Svc\Licensing\Http\ApiKeyController;
use Svc\Licensing\Http\BackupController;
use Svc\Licensing\Http\CatalogController;
use Svc\Licensing\Http\EventController;
use Svc\Licensing\Http\ExplainController;
use Svc\Licensing\Http\HealthController;
use Svc\Licensing\Http\LatestReleaseController;
use Svc\Licensing\Http\PrivacyController;
use Svc\Licensing\Http\ProductController;
use Svc\Licensing\Http\ReleaseController;
use Svc\Licensing\Http\RestApi;
use Svc\Licensing\Http\ScopedProduct;
use Svc\Licensing\Http\SdkController;
use Svc\Licensing\Http\SettingsController;
use Svc\Licensing\Http\ImportController;
use Svc\Licensing\Http\ProgressStream;
use Svc\Licensing\Http\OnboardingController;
use Svc\Licensing\Http\StatsController;
use Svc\Licensing\Http\TrialController;
use Svc\Licensing\Http\PaymentEventController;
use Svc\Licensing\Jobs\CronHooks;
use Svc\Licensing\Jobs\LicenseExpiryJob;
use Svc\Licensing\Lane\Loader;
use Svc\Licensing\Jobs\Scheduler;
use Svc\Licensing\Jobs\PaymentEventRetryJob;
use Svc\Licensing\Payments\EventProcessor;
use Svc\Licensing\Payments\KeyMailer;
use Svc\Licensing\Payments\PaymentEventInbox;
use Svc\Licensing\Storage\CatalogRepository;
use Svc\Licensing\Storage\LatestReleaseCache;
use Svc\Licensing\Storage\PackageDirectory;
use Svc\Licensing\Storage\PaymentRepository;
use Svc\Licensing\Storage\PersonalRecords;
use Svc\Licensing\Storage\LicenseCounts;
use Svc\Licensing\Storage\SchemaMigrator;
use Svc\Licensing\Storage\UninstallPolicy;
use Svc\Licensing\Storage\DataInventory;
use Svc\Licensing\Storage\DatabaseImage;
use Svc\Licensing\Storage\StatsRepository;
use Svc\Licensing\Storage\PaymentEventRepository;
use Svc\Licensing\Storage\UserPreferences;

/**
 * The composition root: builds each collaborator once and lets it add its hooks. Nothing else lives here.
 */
final class Plugin {

	/**
	 * Builds the object graph and registers hooks.
	 *
	 * @param string $plugin_file Plugin main file.
	 */
	public static function boot( string $plugin_file ): void {
		global $wpdb;

		$client             = new ClientApi( $wpdb );
		$settings           = $client->settings;
		$migrator           = new SchemaMigrator( $wpdb );
		$packages           = PackageDirectory::from_environment();
		$products           = $client->products;
		$license_repository = $client->license_repository;
		$secret             = $client->secret;
		$keys               = $client->keys;
		$api_keys           = $client->api_keys;
		$releases           = $client->releases;
		$licenses           = $client->licenses;
		$limiter            = $client->limiter;

		// Outbound webhooks' tables (the privacy erase reaches the deliveries too).
		$endpoints  = new OutboundEndpointRepository( $wpdb );
		$deliveries = new OutboundDeliveryRepository( $wpdb );

		$catalog_repository = new CatalogRepository( $wpdb );
		$catalog            = new Catalog( $catalog_repository, $products );
		$events             = new PaymentEventRepository( $wpdb );
		$payments           = new PaymentRepository( $wpdb );
		$stats              = new Stats( new StatsRepository( $wpdb ), $payments, $settings );
		$inbox              = new PaymentEventInbox( $client->transaction, $events, new EventProcessor( $payments, $products, $license_repository, $licenses, $secret, $catalog ), new KeyMailer() );
		$webhooks           = new PaymentEventController( $inbox, $settings );
		$portal_ls          = new PortalLinkRepository( $wpdb );
		$users              = new UserPreferences();
		$after              = $client->after;
		$portal_ss          = new PortalSessionRepository( $wpdb );
		$portal_in          = new PortalSignIn( $portal_ls, $license_repository, $secret, $settings, $users, $after, $portal_ss );
		$personal           = new PersonalData( $license_repository, $payments, new Erasure( $client->transaction, $license_repository, $client->sites, $payments, $events, $client->events, $deliveries, $portal_ls, $portal_ss, $users, $client->report_repository, $client->decision_repository ), $client->decision_repository, new PersonalRecords( $wpdb ) );
		$inventory          = new DataInventory( $wpdb, $packages );
		$image              = new DatabaseImage( $wpdb, $packages, $inventory );

		( new Lifecycle( $migrator ) )->add_hooks( $plugin_file );
		$migrator->add_hooks();
		$client->add_rest_hooks();
		// The old clients' protocols on the front URL, each while its setting is on (docs/moving-in.md).
		$client->slm->add_hooks();
		$client->edd_sl->add_hooks();
		$lane = new Loader( $plugin_file, SVC_LICENSING_VERSION, $settings );
		$lane->add_hooks();
		register_activation_hook( $plugin_file, array( $lane, 'sync' ) );
		$guard         = new AdminGuard( $api_keys, $limiter );
		$license_admin = new LicenseAdmin( $license_repository, $products, $catalog_repository, $secret, $client->transaction, $client->events );
		$explain       = new Explain( $client->decision_repository, $license_admin, $client->finder );
		$release_use   = new Releases( $releases, $products, $packages, $client->transaction, $client->events );
		$rollouts      = new Rollouts( $releases, $release_use, $products, $client->transaction, $client->events );
		$product_uses  = new Products( $products, $client->transaction, $client->events );
		$api_key_uses  = new ApiKeys( $keys, $products, $client->transaction, $client->events );
		$release_use->add_hooks();
		$latest = new LatestRelease( $products, $releases, new LatestReleaseCache() );
		$latest->add_hooks();
		$webhooks->add_hooks();
		( new Scheduler() )->add_hooks();
		( new PaymentEventRetryJob( $inbox ) )->add_hooks();
		( new LicenseExpiryJob( $licenses, new LicenseCounts( $wpdb ) ) )->add_hooks();
		// Outbound webhooks: the queue the every-minute job runs, and the admin's use cases.
		$target   = new OutboundTarget( $settings );
		$outbound = new OutboundDeliveries( $endpoints, $deliveries, $target, $client->transaction, SVC_LICENSING_VERSION );
		( new OutboundWebhookJob( $outbound ) )->add_hooks();
		$endpoint_uses = new OutboundEndpoints( $endpoints, $deliveries, $outbound, $target, $products, $client->transaction );
		// One list of checks: GET /health and Site Health run the same ones.
		$checks     = array(
			'database'        => new DatabaseCheck( $wpdb, $migrator ),
			'file_storage'    => new FileStorageCheck( $packages ),
			'payment_webhook' => new PaymentWebhookCheck( $settings ),
		);
		$lease_keys = new LeaseKeyAdmin( $client->lease_keys, $client->leases, $client->events );
		$sdk        = new SdkDownload( plugin_dir_path( $plugin_file ) . 'sdk', array( $lease_keys, 'trusted' ) );
		// One move-in for the panel's routes and `wp svc import`.
		$move_in = new MoveIn( $license_admin, $product_uses, $release_use, $catalog, $products, $releases, $license_repository, $client->sites, new ImportMapRepository( $wpdb ), $secret, $packages, $client->transaction, array( new EddSlTables( $wpdb ), new SlmTables( $wpdb ) ), $settings, $client->activations );
		ProgressStream::add_hooks();
		( new RestApi(
			array(
				new HealthController( $checks, SVC_LICENSING_VERSION ),
				new LatestReleaseController( $latest ),
				$client->license_routes,
				$client->update_routes,
				$client->report_routes,
				$client->download_routes,
				new TrialController( new Trials( $client->finder, $licenses, $secret, $settings, $after ), $client->calls ),
				new ProductController( $product_uses, $products, $guard ),
				new AdminLicenseController( $license_admin, $licenses, $guard ),
				new AdminActivationController( $license_admin, $client->activations, $guard, $client->choices, $client->moves ),
				new CatalogController( $catalog, $catalog_repository, $guard ),
				new ReleaseController( $release_use, $releases, new ScopedProduct( $products, $guard ), $guard, $rollouts ),
				$webhooks,
				new AdminPaymentEventController( $events, $inbox, $guard ),
				new ApiKeyController( $api_key_uses, $keys, $guard ),
				new StatsController( $stats, $guard ),
				new ExplainController( $explain, $guard ),
				new EventController( $client->events, $guard ),
				new OnboardingController( new Onboarding( new StatsRepository( $wpdb ), $settings, $users ), $guard ),
				new OutboundWebhookController( $endpoint_uses, $endpoints, $deliveries, $guard ),
				new PrivacyController( $personal, $guard ),
				new SettingsController( new SiteSettings( $settings, new UninstallPolicy(), $inventory, $client->transaction, $client->events ), $settings, $guard, array( $lane, 'state' ) ),
				new BackupController( new Backups( $image ), $image, $inventory, $guard ),
				new ImportController( $move_in, $guard ),
				new SdkController( $sdk, $guard ),
				new LeaseKeyController( $lease_keys, $guard ),
				new PortalController(
					$portal_in,
					new PortalLicenses( $license_repository, $products, $releases, $client->activations, $license_admin, $client->links, $settings ),
					$limiter
				),
			)
		) )->add_hooks();
		// The portal's browser rules (login CSRF, no credentialed CORS, no Referer), and its sessions closing when a
		// licence's key is voided.
		( new PortalGuard() )->add_hooks();
		$portal_in->add_hooks();

		// The blocks of the seller's own pages, each rendered by its renderer.
		( new Blocks(
			plugin_dir_path( $plugin_file ) . 'build/blocks',
			array(
				PortalBlock::NAME        => new PortalBlock( $portal_in ),
				FreeTrialBlock::NAME     => new FreeTrialBlock( $products ),
				LatestReleaseBlock::NAME => new LatestReleaseBlock( $latest ),
			)
		) )->add_hooks();

		( new CoreIntegration( $personal ) )->add_hooks();
		( new KeySecretAlert( $secret ) )->add_hooks();
		( new LeaseKeyAlert( $client->lease_keys ) )->add_hooks();
		( new ExportDownload( $image ) )->add_hooks();
		( new DisabledEndpointNotice( $endpoints ) )->add_hooks();
		( new ReleasePauseNotice( $releases ) )->add_hooks();
		( new CounterStoreHealth() )->add_hooks();
		( new LicenseCountsHealth( new LicenseCounts( $wpdb ) ) )->add_hooks();
		( new SiteHealth( $checks, new ServiceInfo( SVC_LICENSING_VERSION, $sdk, $migrator, $inventory, $settings, CronHooks::ALL, array( $lane, 'state' ), $client->protocol_requests ), $packages->path() ) )->add_hooks();

		if ( defined( 'WP_CLI' ) && (bool) constant( 'WP_CLI' ) ) {
			$cli_out = new Output();
			( new Commands(
				array(
					'product'    => new ProductCommand( $product_uses, $products, $cli_out ),
					'license'    => new LicenseCommand( $license_admin, $licenses, new LicenseImport( $license_admin, $product_uses, $license_repository, $secret, $client->transaction ), $product_uses, $cli_out ),
					'release'    => new ReleaseCommand( $release_use, $releases, $product_uses, $cli_out, $rollouts, $client->report_repository ),
					'activation' => new ActivationCommand( $license_admin, $client->activations, $cli_out, $client->choices, $client->moves ),
					'key'        => new KeyCommand( $api_key_uses, $keys, $product_uses, $cli_out ),
					'webhook'    => new WebhookCommand( $inbox, $events, $endpoint_uses, $cli_out ),
					'event'      => new EventCommand( $client->events, $cli_out ),
					'stats'      => new StatsCommand( $stats, $cli_out ),
					'import'     => new ImportCommand( $move_in, $cli_out ),
					'lease-key'  => new LeaseKeyCommand( $lease_keys, $cli_out ),
					'explain'    => new ExplainCommand( $explain, $cli_out ),
				)
			) )->register();
		}

		if ( is_admin() ) {
			( new AdminPage( $plugin_file, SVC_LICENSING_VERSION ) )->add_hooks();
		}
	}
}
