<?php
/**
 * Bench site only (wp-content/mu-plugins/svc-bench.php): GET /wp-json/bench/v1/trivial answers {"ok":true}.
 * The baseline of `npm run bench`: the whole WordPress and REST stack, with nothing behind the route.
 */

add_action(
	'rest_api_init',
	static function () {
		register_rest_route(
			'bench/v1',
			'/trivial',
			array(
				'methods'             => 'GET',
				'callback'            => static function () {
					return array( 'ok' => true );
				},
				'permission_callback' => '__return_true',
			)
		);
	}
);
