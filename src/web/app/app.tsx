import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { Toaster } from '../components/toaster';
import { CalculatorPage } from '../features/calculator/calculator-page';
import { Layout } from './layout';
import { NotFoundPage } from './not-found-page';
import { PublicConfigProvider, type PublicConfig } from './public-config';

const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { index: true, element: <CalculatorPage /> },
      {
        path: 'wholesalers',
        lazy: async () => ({ Component: (await import('../features/plans/wholesalers-page')).WholesalersPage }),
        hydrateFallbackElement: (
          <p className="loading" role="status">
            Loading...
          </p>
        ),
      },
      {
        path: 'offer/accept',
        lazy: async () => ({ Component: (await import('../features/homeowner/lead-page')).LeadPage }),
        hydrateFallbackElement: (
          <p className="loading" role="status">
            Loading...
          </p>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

export function App({ config }: { config: PublicConfig }) {
  return (
    <PublicConfigProvider value={config}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </PublicConfigProvider>
  );
}
