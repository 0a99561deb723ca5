/** Types of afterPack.mjs, for the tests (electron-builder loads the .mjs itself). */
export interface WindowsSigningFacts {
  env: Readonly<Record<string, string | undefined>>;
  /** The `win` section of the configuration. */
  win:
    | {
        /** certificateSubjectName, certificateSha1, sign: a certificate by other means. */
        signtoolOptions?: Readonly<Record<string, unknown>> | null | undefined;
        azureSignOptions?: unknown;
      }
    | undefined;
}

export function windowsCertificate(facts: WindowsSigningFacts): boolean;

export const UNSIGNED_NOTICE: string;

export function unsignedWithoutUpdates(
  facts: WindowsSigningFacts & {
    platform: string;
    resourcesDir: string;
    say: (line: string) => void;
  },
): boolean;

export default function afterPack(context: {
  electronPlatformName: string;
  appOutDir: string;
  packager: {
    platformSpecificBuildOptions: WindowsSigningFacts['win'];
    getResourcesDir(appOutDir: string): string;
  };
}): Promise<void>;
