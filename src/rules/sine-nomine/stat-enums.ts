/** The fixed lists Sine Nomine stats pick from (attributes, armour tech levels), read by the schemas and the readers. */

/** The six attributes, by the key of their modifier in the stats. */
export const attributes = ['str', 'dex', 'con', 'int', 'wis', 'cha'] as const;
export type Attribute = (typeof attributes)[number];

/**
 * SWN: "Some advanced armor will always protect completely against primitive weapons, however, and some
 * advanced weapons can ignore primitive gear, treating it as AC 10."
 */
export const armourTechs = ['primitive', 'standard', 'advanced'] as const;
export type ArmourTech = (typeof armourTechs)[number];
