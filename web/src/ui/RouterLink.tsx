import { Link as ChakraLink, type LinkProps } from "@chakra-ui/react";
import { Link, type LinkProps as RouterLinkProps } from "react-router-dom";

/** A Chakra-styled link that navigates with the router. */
export function RouterLink({ to, children, ...props }: LinkProps & Pick<RouterLinkProps, "to">) {
  return (
    <ChakraLink asChild {...props}>
      <Link to={to}>{children}</Link>
    </ChakraLink>
  );
}
