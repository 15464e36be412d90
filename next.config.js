/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The custom server in server/ hosts Next; the API lives there, so Next never proxies it.
  typescript: { ignoreBuildErrors: false },
};

export default nextConfig;
