import { z } from 'zod';

/** Encounter options of the Kuro module. */
export const kuroOptions = z
  .object({
    explodingSixes: z.boolean().default(true),
    unluckyFours: z.boolean().default(true),
    defenceCostsAction: z.boolean().default(true),
  })
  .strict();
export type KuroOptions = z.output<typeof kuroOptions>;

export const kuroOptionDocs: Record<keyof KuroOptions, string> = {
  explodingSixes: 'Each 6 rolled on a Kuro die is rolled again and added (the published dice rule; on by default).',
  unluckyFours: 'Each 4 rolled on a Kuro die counts as 0 (the published dice rule; on by default).',
  defenceCostsAction:
    'A defender who parries or dodges gives up one of his remaining actions of this game turn (his last one); off: defending is free.',
};

export const defaultKuroOptions: KuroOptions = kuroOptions.parse({});

/** The encounter's options, validated (the core stored them already parsed). */
export function optionsOf(raw: Readonly<Record<string, unknown>>): KuroOptions {
  const parsed = kuroOptions.safeParse(raw);
  return parsed.success ? parsed.data : defaultKuroOptions;
}
