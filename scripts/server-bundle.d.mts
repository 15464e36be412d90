/** Where `npm start` (and the e2e tests' explorer) put the server's bundle, from the project's root. */
export const SERVER_BUNDLE: string;
/** Bundles `entry` (a path from the tree's root) into `outfile` (inside the tree) and returns the bundle's file: URL. */
export function bundleServer(entry: string, outfile: string, options?: { tree?: string }): Promise<string>;
