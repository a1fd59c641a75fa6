// What the Admin area calls, behind a context so tests hand in their own (no module mocking). The
// default is the real client of @accent/shared/client. The registry list itself comes from the shell's
// services (useServices().remotes), like the rest of the shell.
import { createContext, useContext } from 'react';
import { adminApi, type AdminApi } from './admin-api.js';

export interface AdminServices {
  admin: AdminApi;
}

export const defaultAdminServices: AdminServices = { admin: adminApi };

export const AdminServicesContext = createContext<AdminServices>(defaultAdminServices);

export const useAdminServices = () => useContext(AdminServicesContext);
