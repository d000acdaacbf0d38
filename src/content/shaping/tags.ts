import type { ProjectBlok } from "../../generated/index";

export type ProjectTag = NonNullable<ProjectBlok["tags"]>[number];

// The schema's display names for the tag options. Typed by the generated
// union, so a tag added to the schema fails tsc here until it has a label.
const TAG_LABELS: Record<ProjectTag, string> = {
  web: "Web",
  mobile: "Mobile",
  "design-system": "Design system",
  "data-viz": "Data visualisation",
  branding: "Branding",
  accessibility: "Accessibility",
  "open-source": "Open source",
};

export function tagLabel(tag: ProjectTag): string {
  return TAG_LABELS[tag];
}
