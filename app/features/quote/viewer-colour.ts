import { Color, SRGBColorSpace } from "three";

/** Below this lightness a part's faces shade alike under the viewer's lights, and its shape is lost. */
const MIN_LIGHTNESS = 0.3;

/** The colour the viewer draws a part of this swatch in: the swatch's own, lifted to a dark tone of its hue when it is nearly black. */
export function viewerColour(hex: string): Color {
  const colour = new Color().setStyle(hex, SRGBColorSpace);
  const { h, s, l } = colour.getHSL({ h: 0, s: 0, l: 0 }, SRGBColorSpace);
  return l >= MIN_LIGHTNESS ? colour : colour.setHSL(h, s, MIN_LIGHTNESS, SRGBColorSpace);
}
