import { Box, Heading, Image, Link, Text } from "@chakra-ui/react";
import { type CSSProperties, Fragment, type JSX, type ReactNode } from "react";
import { articleItems, type Block, deltaBlocks, type Run } from "./delta-blocks";

export const ARTICLE_UNREADABLE = "Impossible de charger l'article";

const FONT_FAMILIES: Record<string, string> = {
  "sans-serif": "system-ui, sans-serif",
  serif: "Georgia, 'Times New Roman', serif",
  monospace: "ui-monospace, Menlo, monospace",
  arial: "Arial, Helvetica, sans-serif",
  georgia: "Georgia, serif",
  verdana: "Verdana, Geneva, sans-serif",
  cursive: "'Comic Sans MS', 'Segoe Script', cursive",
};

function RunView({ run }: { run: Run }) {
  // Images written before alternative texts were asked keep a generic name.
  if (run.image)
    return <Image src={run.image} alt={run.alt ?? "Image de l'article"} maxW="100%" borderRadius="md" my="2" />;
  const style: CSSProperties = {
    fontFamily: run.font ? FONT_FAMILIES[run.font] : undefined,
    color: run.color,
    backgroundColor: run.background,
  };
  let node: ReactNode = run.text;
  if (run.bold) node = <strong>{node}</strong>;
  if (run.italic) node = <em>{node}</em>;
  if (run.underline) node = <u>{node}</u>;
  if (run.strike) node = <s>{node}</s>;
  if (run.font || run.color || run.background) node = <span style={style}>{node}</span>;
  if (run.link) {
    node = (
      <Link href={run.link} color="brand.700" textDecoration="underline" target="_blank" rel="noopener noreferrer">
        {node}
      </Link>
    );
  }
  return <>{node}</>;
}

const runs = (block: Block) => block.runs.map((run, index) => <RunView key={index} run={run} />);

function BlockView({ block }: { block: Block }) {
  const common = { textAlign: block.align, ps: block.indent ? `${block.indent * 1.5}em` : undefined, mb: "3" } as const;
  if (block.kind === "heading") {
    // The page title is the h1: the article's own headings start one level below.
    const tag = `h${Math.min(6, (block.level ?? 1) + 1)}` as keyof JSX.IntrinsicElements;
    return (
      <Heading as={tag} size={block.level === 1 ? "xl" : block.level === 2 ? "lg" : "md"} {...common}>
        {runs(block)}
      </Heading>
    );
  }
  if (block.kind === "quote") {
    return (
      <Box
        as="blockquote"
        borderStartWidth="4px"
        borderColor="brand.500"
        color="gray.700"
        {...common}
        ps={common.ps ?? "4"}
      >
        {runs(block)}
      </Box>
    );
  }
  return <Text {...common}>{runs(block)}</Text>;
}

/** An article body rendered from its Quill document, element by element. */
export function QuillContent({ document }: { document: string | null | undefined }) {
  const blocks = deltaBlocks(document);
  if (blocks === null) {
    return (
      <Text role="alert" color="red.700" fontWeight="semibold">
        {ARTICLE_UNREADABLE}
      </Text>
    );
  }
  return (
    <Box lineHeight="tall">
      {articleItems(blocks).map((item, index) =>
        Array.isArray(item) ? (
          <Box as={item[0].list === "ordered" ? "ol" : "ul"} key={index} ps="6" mb="3">
            {item.map((block, itemIndex) => (
              <Box
                as="li"
                key={itemIndex}
                textAlign={block.align}
                ms={block.indent ? `${block.indent * 1.5}em` : undefined}
              >
                {runs(block)}
              </Box>
            ))}
          </Box>
        ) : (
          <Fragment key={index}>
            <BlockView block={item} />
          </Fragment>
        ),
      )}
    </Box>
  );
}
