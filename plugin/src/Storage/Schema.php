<?php
/**
 * The ordered list of schema steps.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Storage;

use Svc\Licensing\Storage\Migrations\AddActivationSiteIndex;
use Svc\Licensing\Storage\Migrations\AddActivationStaging;
use Svc\Licensing\Storage\Migrations\AddLicenseSearchIndexes;
use Svc\Licensing\Storage\Migrations\CreateLicenseCounts;
use Svc\Licensing\Storage\Migrations\HoldLicenseCounts;
use Svc\Licensing\Storage\Migrations\AddReleaseChannels;
use Svc\Licensing\Storage\Migrations\AddReportRounds;
use Svc\Licensing\Storage\Migrations\AddUpdateDecisionSlot;
use Svc\Licensing\Storage\Migrations\CreateEvents;
use Svc\Licensing\Storage\Migrations\CreateImportMap;
use Svc\Licensing\Storage\Migrations\AddLicenseStatusIndex;
use Svc\Licensing\Storage\Migrations\AddLicenseParent;
use Svc\Licensing\Storage\Migrations\AddPriceAmount;
use Svc\Licensing\Storage\Migrations\AddPriceCurrency;
use Svc\Licensing\Storage\Migrations\AddProductMultisiteActivation;
use Svc\Licensing\Storage\Migrations\AddTrialActivationLimit;
use Svc\Licensing\Storage\Migrations\CreateApiKeys;
use Svc\Licensing\Storage\Migrations\CreateLicensing;
use Svc\Licensing\Storage\Migrations\CreateMeta;
use Svc\Licensing\Storage\Migrations\CreateOutboundWebhooks;
use Svc\Licensing\Storage\Migrations\CreatePayments;
use Svc\Licensing\Storage\Migrations\CreatePortalLinks;
use Svc\Licensing\Storage\Migrations\CreatePortalSessions;
use Svc\Licensing\Storage\Migrations\CreateProducts;
use Svc\Licensing\Storage\Migrations\CreateReleases;
use Svc\Licensing\Storage\Migrations\CreateProtocolRequests;
use Svc\Licensing\Storage\Migrations\CreateReleaseReports;
use Svc\Licensing\Storage\Migrations\CreateUpdateDecisions;

/**
 * Append new steps at the end with the next version number, and set LATEST to it; never edit a step that has
 * shipped. tests/php/Storage/MigrationPlanTest checks that LATEST is the last step's version.
 */
final class Schema {

	/**
	 * The newest schema version the code knows: what every request compares the stored version with, so it never
	 * builds the steps (only an upgrade does).
	 */
	public const LATEST = 28;

	/**
	 * Every step, oldest first.
	 */
	public static function plan(): MigrationPlan {
		return new MigrationPlan(
			array(
				new CreateProducts(),
				new AddTrialActivationLimit(),
				new CreateLicensing(),
				new CreateApiKeys(),
				new CreateReleases(),
				new CreatePayments(),
				new CreateMeta(),
				new AddLicenseStatusIndex(),
				new AddActivationStaging(),
				new CreateEvents(),
				new CreateOutboundWebhooks(),
				new AddPriceAmount(),
				new AddPriceCurrency(),
				new CreatePortalLinks(),
				new CreatePortalSessions(),
				new AddProductMultisiteActivation(),
				new AddLicenseParent(),
				new CreateImportMap(),
				new CreateProtocolRequests(),
				new AddReleaseChannels(),
				new CreateReleaseReports(),
				new CreateUpdateDecisions(),
				new AddReportRounds(),
				new AddUpdateDecisionSlot(),
				new AddLicenseSearchIndexes(),
				new AddActivationSiteIndex(),
				new CreateLicenseCounts(),
				new HoldLicenseCounts(),
			)
		);
	}
}
