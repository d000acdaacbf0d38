import type { NextPageContext } from "next";
import { ErrorLayout } from "../layouts/ErrorLayout";

interface ErrorProps {
  statusCode: number;
}

/**
 * Errors that 404.tsx and 500.tsx do not cover (other status codes, errors
 * thrown while rendering on the client). It renders without the site config:
 * fetching content here could fail for the same reason the page did.
 */
export default function ErrorPage({ statusCode }: ErrorProps) {
  return (
    <ErrorLayout site={null} code={String(statusCode)} title="Something went wrong" heading="Something went wrong">
      <p>{statusCode >= 500 ? "The server could not finish this page. Please try again in a moment." : "This page could not be shown."}</p>
    </ErrorLayout>
  );
}

ErrorPage.getInitialProps = ({ res, err }: NextPageContext): ErrorProps => ({
  statusCode: res?.statusCode ?? err?.statusCode ?? 500,
});
