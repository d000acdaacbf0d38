import type { BlockRegistry } from "../generated";
import type { PAGE_RELATIONS } from "../content/access/story-queries";
import { AssetsContainer } from "./AssetsContainer";
import { Card } from "./Card";
import { CardList } from "./CardList";
import { FooterContainer } from "./FooterContainer";
import { HeaderContainer } from "./HeaderContainer";
import { HeroSection } from "./HeroSection";
import { Link } from "./Link";
import { LinksContainer } from "./LinksContainer";
import { SingleCard } from "./SingleCard";
import { TimelineSlide } from "./TimelineSlide";
import { TimelineSlideList } from "./TimelineSlideList";
import { VerticalSlide } from "./VerticalSlide";
import { VerticalSlideSection } from "./VerticalSlideSection";

function FieldOutsideForm(): null {
  return null;
}

// Typed by the generated BlockRegistry: a block missing here, an extra key,
// or a renderer for the wrong block is a compile error. Each renderer gets its
// block as the pages' queries deliver it (relations resolved: ShownBlok).
export const registry: BlockRegistry<typeof PAGE_RELATIONS> = {
  assets_container: AssetsContainer,
  card: Card,
  card_list: CardList,
  footer_container: FooterContainer,
  header_container: HeaderContainer,
  hero_section: HeroSection,
  link: Link,
  links_container: LinksContainer,
  single_card: SingleCard,
  // A text_input is a field of the contact form, which renders its fields
  // itself (ContactFormInteractive); the schema and the data boundary allow
  // it nowhere else (tests/unit/content/validation.test.ts), so Blocks never
  // reaches this entry. Naming TextInput here would put the form's field code
  // back into every page's first scripts (issue 11; see ContactForm.tsx).
  text_input: FieldOutsideForm,
  timeline_slide: TimelineSlide,
  timeline_slide_list: TimelineSlideList,
  vertical_slide: VerticalSlide,
  vertical_slide_section: VerticalSlideSection,
};
