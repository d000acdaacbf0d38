import type { BlockRegistry } from "../generated";
import { AssetsContainer } from "./AssetsContainer";
import { Card } from "./Card";
import { CardList } from "./CardList";
import { FooterContainer } from "./FooterContainer";
import { HeaderContainer } from "./HeaderContainer";
import { HeroSection } from "./HeroSection";
import { Link } from "./Link";
import { LinksContainer } from "./LinksContainer";
import { SingleCard } from "./SingleCard";
import { TextInput } from "./TextInput";
import { TimelineSlide } from "./TimelineSlide";
import { TimelineSlideList } from "./TimelineSlideList";
import { VerticalSlide } from "./VerticalSlide";
import { VerticalSlideSection } from "./VerticalSlideSection";

// Typed by the generated BlockRegistry: a block missing here, an extra key,
// or a renderer for the wrong block is a compile error.
export const registry: BlockRegistry = {
  assets_container: AssetsContainer,
  card: Card,
  card_list: CardList,
  footer_container: FooterContainer,
  header_container: HeaderContainer,
  hero_section: HeroSection,
  link: Link,
  links_container: LinksContainer,
  single_card: SingleCard,
  text_input: TextInput,
  timeline_slide: TimelineSlide,
  timeline_slide_list: TimelineSlideList,
  vertical_slide: VerticalSlide,
  vertical_slide_section: VerticalSlideSection,
};
