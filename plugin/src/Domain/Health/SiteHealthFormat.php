<?php
/**
 * How the service's health and state read in WordPress' Site Health screen.
 *
 * @package SvcLicensing
 */

namespace Svc\Licensing\Domain\Health;

use Svc\Licensing\Domain\IsoTime;

/**
 * Pure mapping to core's Site Health vocabulary: a check's pass, warn and fail are good, recommended and critical;
 * settings and job times become Info fields. A setting whose name says it holds a secret is never a field, and
 * network details are marked private, so "Copy site info to clipboard" leaves them out as core does its own.
 */
final class SiteHealthFormat {

	private const STATUS = array(
		CheckResult::PASS => 'good',
		CheckResult::WARN => 'recommended',
		CheckResult::FAIL => 'critical',
	);

	private const COLOR = array(
		CheckResult::PASS => 'blue',
		CheckResult::WARN => 'orange',
		CheckResult::FAIL => 'red',
	);

	// Settings shown but not copied: they describe the seller's network.
	private const PRIVATE_SETTINGS = array( 'trusted_proxies' );

	// A key naming one of these holds a secret (a boolean "is it set" flag ends in _set and is shown).
	private const SECRET = '/(secret|api_key|password|token)$/';

	/**
	 * Site Health status of a check: good, recommended or critical.
	 *
	 * @param CheckResult $result The check's result.
	 */
	public static function status( CheckResult $result ): string {
		return self::STATUS[ $result->status() ];
	}

	/**
	 * Badge colour of a check: blue, orange or red.
	 *
	 * @param CheckResult $result The check's result.
	 */
	public static function color( CheckResult $result ): string {
		return self::COLOR[ $result->status() ];
	}

	/**
	 * A value as the Info tab shows it, and as its copy ("debug") gives it.
	 *
	 * @param mixed $value Scalar, list, or map of scalars.
	 * @return array{0: string, 1: string} Shown, copied.
	 */
	public static function value( $value ): array {
		if ( is_bool( $value ) ) {
			return $value ? array( 'Yes', 'true' ) : array( 'No', 'false' );
		}
		if ( is_array( $value ) ) {
			$parts = array();
			foreach ( $value as $key => $item ) {
				$item    = is_scalar( $item ) ? (string) $item : '';
				$parts[] = is_string( $key ) ? $key . ': ' . $item : $item;
			}
			$text = implode( ', ', $parts );
			return array( '' === $text ? 'None' : $text, $text );
		}
		$text = is_scalar( $value ) ? (string) $value : '';
		return array( $text, $text );
	}

	/**
	 * The settings (as the admin API shows them) as Info fields, keyed setting_{name}.
	 *
	 * @param array<string, mixed> $settings Setting => value.
	 * @return array<string, array{label: string, value: string, debug: string, private?: bool}>
	 */
	public static function settings( array $settings ): array {
		$fields = array();
		foreach ( $settings as $name => $setting ) {
			if ( 1 === preg_match( self::SECRET, (string) $name ) ) {
				continue;
			}
			list( $shown, $copied ) = self::value( $setting );
			$field                  = array(
				'label' => (string) $name,
				'value' => $shown,
				'debug' => $copied,
			);
			if ( in_array( $name, self::PRIVATE_SETTINGS, true ) ) {
				$field['private'] = true;
			}
			$fields[ 'setting_' . $name ] = $field;
		}
		return $fields;
	}

	/**
	 * A scheduled job's next run: its time and how far off it is, or "Not scheduled".
	 *
	 * @param int|null $next Unix time of the next run, null when none.
	 * @param int      $now  Unix time now.
	 */
	public static function schedule( ?int $next, int $now ): string {
		if ( null === $next ) {
			return 'Not scheduled';
		}
		$delta = $next - $now;
		if ( abs( $delta ) < 60 ) {
			$when = 'due now';
		} elseif ( $delta > 0 ) {
			$when = 'in ' . self::span( $delta );
		} else {
			$when = 'overdue by ' . self::span( -$delta );
		}
		return IsoTime::format( $next ) . ' (' . $when . ')';
	}

	/**
	 * Seconds in minutes, or hours past two, or days past two.
	 *
	 * @param int $seconds A positive span.
	 */
	private static function span( int $seconds ): string {
		$minutes = intdiv( $seconds, 60 );
		if ( $minutes < 120 ) {
			return $minutes . ' min';
		}
		$hours = intdiv( $minutes, 60 );
		return $hours < 48 ? $hours . ' h' : intdiv( $hours, 24 ) . ' days';
	}
}
