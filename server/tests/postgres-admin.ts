import pg from 'pg';

/** One connection to the TEST_DATABASE_URL server for creating or dropping a database, closed afterwards. */
export async function withAdminClient<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
