import { Box } from "@chakra-ui/react";
import { Component, type ReactNode } from "react";
import { ErrorState } from "./ErrorState";
import { LoadFailure, retryFailedLoads } from "./lazy-load";

export const PART_LOAD_FAILED =
  "Cette page n'a pas pu être chargée : le portail ne répond pas ou votre connexion est interrompue.";
export const PAGE_FAILED = "Cette page n'a pas pu s'afficher. Réessayez ; si cela se reproduit, revenez à l'accueil.";

interface Props {
  children: ReactNode;
  /** A new value (the next page's address) clears the failure. */
  resetKey?: string;
  /** Around the whole portal (not inside a page's margins): the message keeps its own. */
  standalone?: boolean;
}

/**
 * What a family sees instead of a blank screen when part of a page fails: a part that could
 * not be fetched (offline, a new version) is fetched again on « Réessayer » or as soon as the
 * browser is back online; any other fault reloads the page on « Réessayer ».
 */
export class LoadFailureBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidUpdate(previous: Props) {
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  private readonly retry = () => {
    retryFailedLoads();
    this.setState({ error: null });
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <Box m={this.props.standalone ? "4" : undefined}>
        {error instanceof LoadFailure ? (
          <ErrorState message={PART_LOAD_FAILED} onRetry={this.retry} />
        ) : (
          <ErrorState message={PAGE_FAILED} onRetry={() => window.location.reload()} />
        )}
      </Box>
    );
  }
}
