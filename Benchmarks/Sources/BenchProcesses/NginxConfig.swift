// NginxConfig.swift: the nginx.conf rpc-bench and bench-scale run nginx with: one process, every POST answered with a fixed protobuf.

/// The whole nginx.conf both tools write into their temp folder: paths absolute under
/// `prefix`, one process (`master_process off`), `daemon off`, no access log, keep-alive for
/// as many requests as a run makes, and `error_page 405 =200 $uri` turning the static
/// handler's refusal of POST into a 200 with the file at the RPC's path.
public enum NginxConfig {
    /// The config for 127.0.0.1:`port`; `tool` names the writer in its first line,
    /// `workerConnections` is the `events` limit and `extraLocations` (whole `location` blocks
    /// indented by eight spaces, each line ending in a newline) follow `location /`.
    public static func text(prefix: String, port: UInt16, writtenBy tool: String, workerConnections: Int,
                            extraLocations: String = "") -> String {
        let head = """
        # nginx.conf: written by \(tool); one process, answers every POST with a fixed protobuf.
        daemon off;
        master_process off;
        worker_processes 1;
        pid \(prefix)/nginx.pid;
        error_log \(prefix)/error.log warn;
        events {
            worker_connections \(workerConnections);
        }
        http {
            access_log off;
            client_body_temp_path \(prefix)/tmp/body;
            proxy_temp_path \(prefix)/tmp/proxy;
            fastcgi_temp_path \(prefix)/tmp/fastcgi;
            uwsgi_temp_path \(prefix)/tmp/uwsgi;
            scgi_temp_path \(prefix)/tmp/scgi;
            keepalive_requests 1000000000;
            keepalive_timeout 300s;
            types { }
            default_type \(Workload.contentType);
            etag off;
            server_tokens off;
            server {
                listen 127.0.0.1:\(port);
                root \(prefix)/www;
                location / {
                    error_page 405 =200 $uri;
                }

        """
        return head + extraLocations + "    }\n}\n"
    }
}
