<?php
/**
 * Unit tests load the plugin's and the client SDK's own autoloaders and nothing of WordPress: the code under
 * test is pure.
 *
 * @package SvcLicensing
 */

require_once dirname( __DIR__, 2 ) . '/vendor/autoload.php';
require_once dirname( __DIR__, 2 ) . '/plugin/src/autoload.php';
require_once dirname( __DIR__, 2 ) . '/sdk/src/autoload.php';
