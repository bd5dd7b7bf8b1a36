// GRPCHeaders.swift: the media types and header names of gRPC and gRPC-Web.
public import HTTPTypes

extension MediaType {
    /// `application/grpc`: gRPC with binary protobuf messages (the same as `application/grpc+proto`).
    public static let grpc = "application/grpc"
    /// `application/grpc+proto`: gRPC with binary protobuf messages, the codec named.
    public static let grpcProto = "application/grpc+proto"
    /// `application/grpc+json`: gRPC with proto3 JSON messages.
    public static let grpcJSON = "application/grpc+json"
    /// `application/grpc-web`: gRPC-Web with binary messages (the same as `application/grpc-web+proto`).
    public static let grpcWeb = "application/grpc-web"
    /// `application/grpc-web+proto`: gRPC-Web with binary protobuf messages.
    public static let grpcWebProto = "application/grpc-web+proto"
    /// `application/grpc-web+json`: gRPC-Web with proto3 JSON messages.
    public static let grpcWebJSON = "application/grpc-web+json"
    /// `application/grpc-web-text`: gRPC-Web whose body is base64 text (for clients that cannot
    /// read binary streams), binary messages inside.
    public static let grpcWebText = "application/grpc-web-text"
    /// `application/grpc-web-text+proto`: as ``grpcWebText``, the codec named.
    public static let grpcWebTextProto = "application/grpc-web-text+proto"
}

extension HTTPField.Name {
    /// `grpc-status`: the call's status code as a decimal number (0 is OK), in the trailers.
    public static let grpcStatus = HTTPField.Name("grpc-status")!
    /// `grpc-message`: the status message, percent-encoded (``GRPCStatusMessage``).
    public static let grpcMessage = HTTPField.Name("grpc-message")!
    /// `grpc-status-details-bin`: a base64 `google.rpc.Status` with the error's details.
    public static let grpcStatusDetailsBin = HTTPField.Name("grpc-status-details-bin")!
    /// `grpc-timeout`: the call's deadline as 1 to 8 digits and a unit (``GRPCTimeout``).
    public static let grpcTimeout = HTTPField.Name("grpc-timeout")!
    /// `grpc-encoding`: the compression of messages whose compressed flag is set.
    public static let grpcEncoding = HTTPField.Name("grpc-encoding")!
    /// `grpc-accept-encoding`: the message compressions the sender can read.
    public static let grpcAcceptEncoding = HTTPField.Name("grpc-accept-encoding")!
    /// `x-grpc-web`: gRPC-Web clients send `x-grpc-web: 1`.
    public static let xGRPCWeb = HTTPField.Name("x-grpc-web")!
}
