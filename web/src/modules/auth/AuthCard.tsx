import { Box, Heading, Stack, Text } from "@chakra-ui/react";
import { type FormEventHandler, type ReactNode, type Ref } from "react";
import { LiveFieldset } from "../../ui/LiveFieldset";
import "../../ui/more-recipes";

interface AuthCardProps {
  title: string;
  /** A sentence under the title: what the page is for. */
  intro?: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The form, for moving the focus to its first field in error. */
  formRef?: Ref<HTMLFormElement>;
  /** The fields, the submit button and the links under it. */
  children: ReactNode;
  /** What goes with the page outside the form (a confirmation dialog). */
  after?: ReactNode;
}

/**
 * The card of the account pages (sign in, forgotten password, choose a password): one
 * narrow column, its form disabled until the page is live (server rendered pages show
 * at once on a slow phone).
 */
export function AuthCard({ title, intro, onSubmit, formRef, children, after }: AuthCardProps) {
  return (
    <Box maxW="md" mx="auto" bg="white" p={{ base: "5", sm: "8" }} borderRadius="lg" borderWidth="1px">
      <Heading as="h1" size="2xl" mb={intro ? "4" : "6"}>
        {title}
      </Heading>
      {intro && (
        <Text mb="6" color="gray.700">
          {intro}
        </Text>
      )}
      <form onSubmit={onSubmit} noValidate ref={formRef}>
        <LiveFieldset>
          <Stack gap="4">{children}</Stack>
        </LiveFieldset>
      </form>
      {after}
    </Box>
  );
}
