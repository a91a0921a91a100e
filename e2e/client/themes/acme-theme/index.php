<?php
/**
 * Acme Theme's only template.
 *
 * @package AcmeTheme
 */

?><!doctype html>
<html <?php language_attributes(); ?>>
<head><meta charset="<?php bloginfo( 'charset' ); ?>"><?php wp_head(); ?></head>
<body <?php body_class(); ?>>
<?php wp_body_open(); ?>
<main><h1><?php bloginfo( 'name' ); ?></h1></main>
<?php wp_footer(); ?>
</body>
</html>
