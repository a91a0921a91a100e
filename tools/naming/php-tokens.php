<?php
/**
 * PHP's own tokenizer for tools/naming: reads a JSON list of file paths on stdin and prints, for each file, its
 * tokens as [name, text] pairs (name is PhpToken's name: T_STRING, T_VARIABLE, T_NAME_QUALIFIED, …, or the
 * character itself). Joining the texts gives the file back byte for byte.
 *
 * @package SvcLicensing
 */

$files = json_decode( (string) stream_get_contents( STDIN ), true );
$out   = array();
foreach ( (array) $files as $file ) {
	$tokens = array();
	foreach ( PhpToken::tokenize( (string) file_get_contents( $file ) ) as $token ) {
		$tokens[] = array( $token->getTokenName(), $token->text );
	}
	$out[ $file ] = $tokens;
}
echo json_encode( $out, JSON_UNESCAPED_SLASHES | JSON_INVALID_UTF8_SUBSTITUTE );
