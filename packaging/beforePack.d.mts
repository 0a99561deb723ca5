/** Types of beforePack.mjs, for the tests (electron-builder loads the .mjs itself). */
export interface PackagingFacts {
  /** electron-builder's electronPlatformName: darwin, mas, linux or win32. */
  target: string;
  host: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  /** mac.identity from the configuration: null asks for an unsigned build. */
  macIdentity: string | null | undefined;
}

export function packagingProblem(facts: PackagingFacts): string | undefined;

export default function beforePack(context: {
  electronPlatformName: string;
  packager: { platformSpecificBuildOptions: { identity?: string | null } };
}): Promise<void>;
