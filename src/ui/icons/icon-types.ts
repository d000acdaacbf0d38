/** One icon's shapes, on its own grid: stroked outlines (Lucide) or filled logos (Simple Icons). */
export interface IconData {
  style: "stroke" | "fill";
  viewBox: string;
  shapes: [tag: string, attributes: Record<string, string>][];
}
