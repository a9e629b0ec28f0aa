import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { routes } from './app/routes';
import { createQueryClient } from './lib/query-client';
import './styles/theme.css';

const router = createBrowserRouter(routes);
const queryClient = createQueryClient();

// index.html always has the mount point; without it there is nothing to show, so fail loudly.
const mountPoint = document.getElementById('root');
if (!mountPoint) throw new Error('index.html has no #root element to mount the app in');

createRoot(mountPoint).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
