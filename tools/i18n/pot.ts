/**
 * `npm run i18n:pot` (also a step of `npm run build`): writes both translation templates, the plugin's
 * (plugin/languages/svc-licensing.pot, tools/i18n/plugin-pot.ts) and the client SDK's
 * (sdk/languages/svc-licensing-client.pot, tools/i18n/sdk-pot.ts). Each is rewritten only when its text changed.
 */
import path from 'node:path';
import { pluginPotFile, repoRoot, writePluginPot } from './plugin-pot.ts';
import { potFile as sdkPotFile, writeSdkPot } from './sdk-pot.ts';

for ( const [ file, write ] of [
	[ pluginPotFile, writePluginPot ],
	[ sdkPotFile, writeSdkPot ],
] as const ) {
	process.stdout.write(
		`${ path.relative( repoRoot, file ) }: ${ write() } strings\n`
	);
}
