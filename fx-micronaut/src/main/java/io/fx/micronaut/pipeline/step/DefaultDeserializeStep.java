package io.fx.micronaut.pipeline.step;

import io.fx.micronaut.config.FxConfiguration;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.json.JsonCodec;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.PipelineStep;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.Step;
import io.fx.micronaut.query.QueryParser;
import io.fx.micronaut.db.FieldCodecs;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Order;
import io.micronaut.http.uri.QueryStringDecoder;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The Deserialize step's default: parses the query parameters on every operation (so a malformed
 * {@code filter} is refused on a POST too) and, for create and update, the JSON body, which must be
 * a non-empty JSON object within the route's body limit (checked as the body is read, before a byte of a
 * body whose declared length is over it). A sub-resource reads its own query and body. A body that a
 * middleware registered before this step has already set ({@code context.payload().setBody(...)}, for example
 * the fields of a {@code multipart/form-data} body a module admits) is kept, and the JSON body is not read.
 *
 * @since 0.1.0
 */
@Singleton
@Order(200)
public class DefaultDeserializeStep implements PipelineStep {

    private final QueryParser parser;
    private final JsonCodec json;

    /**
     * @param json   the JSON codec
     * @param codecs the field codecs, which may forbid filtering or sorting a field
     * @since 0.7.0
     */
    @Inject
    public DefaultDeserializeStep(JsonCodec json, FieldCodecs codecs) {
        this.parser = new QueryParser(codecs::isFilterable, codecs::isSortable, codecs::queryRefusal);
        this.json = json;
    }

    /**
     * @param json          the JSON codec
     * @param configuration not read: the body limit is the route's, applied as the body is read
     * @param codecs        the field codecs, which may forbid filtering or sorting a field
     * @deprecated since 0.7.0, use {@link #DefaultDeserializeStep(JsonCodec, FieldCodecs)}
     */
    @Deprecated(since = "0.7.0")
    public DefaultDeserializeStep(JsonCodec json, FxConfiguration configuration, FieldCodecs codecs) {
        this(json, codecs);
    }

    @Override
    @NonNull
    public Step step() {
        return Step.DESERIALIZE;
    }

    @Override
    public void handle(@NonNull RequestContext context, @NonNull Next next) {
        if (context.findSubResource().isPresent()) {
            // a sub-resource reads its own query parameters and body; they do not describe the parent model
            next.next();
            return;
        }
        context.payload().setQuery(parser.parse(context.getModel(), parameters(context)));
        Operation operation = context.getOperation();
        if ((Operation.CREATE.equals(operation) || Operation.UPDATE.equals(operation))
            && context.payload().getBody() == null) {
            // a body a middleware before this step already read (a multipart form) is left as it is
            byte[] raw = context.payload().getRawBody();
            if (raw == null || isBlank(raw)) {
                throw ErrorCode.EMPTY_BODY.exception("A JSON object body is required");
            }
            context.payload().setBody(json.readObject(raw));
        }
        next.next();
    }

    /**
     * The query parameters, decoded from the raw query string as the client sent it (not from the request's
     * parameters, which an adapter may have reshaped: API Gateway's HTTP API comma-joins repeated ones), with the
     * HTTP server's rules: {@code +} is a space, {@code ;} separates like {@code &}; a broken escape or one that is no
     * UTF-8 is 400 {@code MALFORMED_REQUEST}.
     */
    private static Map<String, List<String>> parameters(RequestContext context) {
        String raw = context.getRawQuery().orElse(null);
        if (raw == null) {
            return Map.of();
        }
        try {
            return new QueryStringDecoder(raw, StandardCharsets.UTF_8, false).parameters();
        } catch (IllegalArgumentException | IllegalStateException e) {
            // a broken %-escape, or escapes that are no UTF-8
            throw ErrorCode.MALFORMED_REQUEST.exception("The query string is not well-formed");
        }
    }

    private static boolean isBlank(byte[] raw) {
        for (byte b : raw) {
            if (b != ' ' && b != '\n' && b != '\r' && b != '\t') {
                return false;
            }
        }
        return true;
    }
}
