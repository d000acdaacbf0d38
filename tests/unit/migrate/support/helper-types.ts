/** A block type as a generated one looks, for the helpers' tests. */
export type IntroSectionLike = { component: "intro_section"; _uid: string; _editable?: string; text?: string };
