/** Types of beforePack.mjs, for the tests (electron-builder loads the .mjs itself). */
export interface PackagingFacts {
  /** electron-builder's electronPlatformName: darwin, mas, linux or win32. */
  target: string;
  host: NodeJS.Platform;
  env: Readonly<Record<string, string | undefined>>;
  /** mac.identity from the configuration: null asks for an unsigned build. */
  macIdentity: string | null | undefined;
  /** The target architecture: ia32, x64, armv7l, arm64 or universal. */
  arch: string;
  /** What the keytar.node built here holds; undefined when none was built. */
  keytarArchitectures: readonly string[] | undefined;
}

export function packagingProblem(facts: PackagingFacts): string | undefined;

export function binaryArchitectures(bytes: Buffer): string[];

export function keytarArchitectures(projectDir: string): string[] | undefined;

export default function beforePack(context: {
  electronPlatformName: string;
  /** electron-builder's Arch: 0 ia32, 1 x64, 2 armv7l, 3 arm64, 4 universal. */
  arch: number;
  packager: { projectDir: string; platformSpecificBuildOptions: { identity?: string | null } };
}): Promise<void>;
