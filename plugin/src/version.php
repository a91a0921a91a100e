<?php
/**
 * The plugin's version, one copy for the main file and the fast lane.
 *
 * @package SvcLicensing
 */

return '0.1.0';
