package io.fx.micronaut.pipeline.step;

import io.fx.micronaut.db.Page;
import io.fx.micronaut.json.RecordMap;
import io.fx.micronaut.json.RecordShape;
import io.fx.micronaut.json.Timestamps;
import io.fx.micronaut.model.FieldDescriptor;
import io.fx.micronaut.model.ModelDescriptor;
import io.fx.micronaut.model.RelationDescriptor;
import io.fx.micronaut.pipeline.FxResponse;
import io.fx.micronaut.pipeline.Next;
import io.fx.micronaut.pipeline.Operation;
import io.fx.micronaut.pipeline.OperationResult;
import io.fx.micronaut.pipeline.PipelineStep;
import io.fx.micronaut.pipeline.RequestContext;
import io.fx.micronaut.pipeline.SubResource;
import io.fx.micronaut.pipeline.Step;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.annotation.Order;
import io.micronaut.http.HttpMethod;
import io.micronaut.http.HttpRequest;
import jakarta.inject.Singleton;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Response step's default: builds the success envelope from the DB result. A list adds
 * {@code meta}: {@code total} and {@code pages} when counted ({@code total_estimated} when the total is an estimate),
 * {@code page} when paged by number, {@code limit}, {@code has_more}, and {@code next_cursor} when a next page exists; create answers 201 with {@code Location}; delete 204; OPTIONS 204 with {@code Allow}.
 * A custom action answers with its handler's result (see {@code ActionHandler}); a sub-resource with the status
 * its method declares ({@link SubResource#status}), or the {@link FxResponse} it returned.
 * Hidden and writeonly fields never leave, of included related records neither; timestamps travel as
 * RFC 3339 UTC strings.
 *
 * @since 0.1.0
 */
@Singleton
@Order(600)
public class DefaultResponseStep implements PipelineStep {

    @Override
    @NonNull
    public Step step() {
        return Step.RESPONSE;
    }

    @Override
    public void handle(@NonNull RequestContext context, @NonNull Next next) {
        if (context.findAction().isPresent() || context.getOperation().equals(Operation.ACTION)) {
            actionResponse(context);
            next.next();
            return;
        }
        ModelDescriptor model = context.getModel();
        OperationResult result = context.payload().getResult().orElse(null);
        SubResource subResource = context.findSubResource().orElse(null);
        if (subResource != null) {
            context.response().set(subResourceResponse(context, subResource, model, value(result)));
        } else if (context.getOperation().equals(Operation.OPTIONS)) {
            context.response().set(new FxResponse(204, null,
                Map.of("Allow", Operation.allowedMethods(context.getRecordId().isPresent()))));
        } else if (result instanceof OperationResult.PageResult page) {
            context.response().set(FxResponse.of(200, listEnvelope(model, page.page())));
        } else if (result instanceof OperationResult.RecordResult one) {
            Map<String, Object> data = render(model, one.record());
            if (context.getOperation().equals(Operation.CREATE)) {
                String location = context.getRequest().map(r -> r.getPath()).orElse("/" + model.getTable()) + "/" + data.get("id");
                context.response().set(new FxResponse(201, Map.of("data", data), Map.of("Location", location)));
            } else {
                context.response().set(FxResponse.of(200, Map.of("data", data)));
            }
        } else if (result instanceof OperationResult.DeleteResult) {
            context.response().set(FxResponse.of(204, null));
        }
        next.next();
    }

    /**
     * An action's answer: what its handler set, or else its result as the JSON body (200), or 204
     * when it returned nothing; a returned {@link FxResponse} is used as it is.
     */
    private static void actionResponse(RequestContext context) {
        if (context.response().find().isPresent()) {
            return;
        }
        Object result = value(context.payload().getResult().orElse(null));
        if (result instanceof FxResponse response) {
            context.response().set(response);
        } else {
            context.response().set(FxResponse.of(result == null ? 204 : 200, result));
        }
    }

    private static Object value(OperationResult result) {
        return result instanceof OperationResult.ValueResult value ? value.value() : null;
    }

    /** A returned {@link FxResponse} as it is; otherwise the method's status, with the data unless it is 204. */
    private static FxResponse subResourceResponse(RequestContext context, SubResource subResource, ModelDescriptor model,
                                                  Object result) {
        if (result instanceof FxResponse response) {
            return response;
        }
        HttpMethod method = context.getRequest().map(HttpRequest::getMethod).orElse(HttpMethod.GET);
        int status = subResource.status(method == HttpMethod.HEAD ? HttpMethod.GET : method);
        return status == 204 ? FxResponse.of(204, null)
            : FxResponse.of(status, subResourceBody(subResource.resultModel(model).orElse(null), result));
    }

    @SuppressWarnings("unchecked")
    private static Object subResourceBody(ModelDescriptor resultModel, Object result) {
        if (resultModel != null && result instanceof Page page) {
            return listEnvelope(resultModel, page);
        }
        if (result instanceof Page page) {
            return listEnvelope(page.rows(), page);
        }
        if (resultModel != null && result instanceof Map<?, ?> one) {
            return Map.of("data", render(resultModel, (Map<String, Object>) one));
        }
        Map<String, Object> envelope = new LinkedHashMap<>(2);
        envelope.put("data", result);
        return envelope;
    }

    private static Map<String, Object> listEnvelope(ModelDescriptor model, Page page) {
        List<Map<String, Object>> data = new ArrayList<>(page.rows().size());
        for (Map<String, Object> row : page.rows()) {
            data.add(render(model, row));
        }
        return listEnvelope(data, page);
    }

    private static Map<String, Object> listEnvelope(List<Map<String, Object>> data, Page page) {
        Map<String, Object> meta = new LinkedHashMap<>(8);
        if (page.isCounted()) {
            meta.put("total", page.total());
            if (page.totalEstimated()) {
                meta.put("total_estimated", true);
            }
        }
        if (!page.isByCursor()) {
            meta.put("page", page.page());
        }
        meta.put("limit", page.limit());
        if (page.isCounted()) {
            meta.put("pages", page.pages());
        }
        meta.put("has_more", page.hasMore());
        if (page.nextCursor() != null) {
            meta.put("next_cursor", page.nextCursor());
        }
        Map<String, Object> envelope = new LinkedHashMap<>(4);
        envelope.put("data", data);
        envelope.put("meta", meta);
        return envelope;
    }

    /**
     * @param model  the model
     * @param record a stored record
     * @return its readable fields in declaration order, with JSON-ready values
     */
    static Map<String, Object> render(ModelDescriptor model, Map<String, Object> record) {
        List<FieldDescriptor> fields = model.getReadableFields();
        Map<String, Object> out;
        if (record instanceof RecordMap row && hasExactly(row, fields)) {
            // a row as the data store read it: copy its values array, no per-field map work
            RecordMap copy = (RecordMap) row.copy();
            for (int i = 0, n = fields.size(); i < n; i++) {
                if (copy.value(i) instanceof Instant instant) {
                    copy.set(i, Timestamps.format(instant));
                }
            }
            out = copy;
        } else {
            out = new LinkedHashMap<>(fields.size() * 2);
            for (FieldDescriptor field : fields) {
                Object value = record.get(field.name());
                out.put(field.name(), value instanceof Instant instant ? Timestamps.format(instant) : value);
            }
        }
        for (RelationDescriptor relation : model.getRelations()) {
            if (record.containsKey(relation.name())) {
                out.put(relation.name(), renderRelated(relation.target(), record.get(relation.name())));
            }
        }
        return out;
    }

    /** @return whether the row holds the readable fields, in order, and nothing else */
    private static boolean hasExactly(RecordMap row, List<FieldDescriptor> fields) {
        RecordShape shape = row.shape();
        if (!row.isCompact() || shape.size() != fields.size()) {
            return false;
        }
        for (int i = 0, n = fields.size(); i < n; i++) {
            if (!shape.name(i).equals(fields.get(i).name())) {
                return false;
            }
        }
        return true;
    }

    @SuppressWarnings("unchecked")
    private static Object renderRelated(ModelDescriptor target, Object related) {
        if (related instanceof Map<?, ?> single) {
            return render(target, (Map<String, Object>) single);
        }
        if (related instanceof List<?> many) {
            List<Object> out = new ArrayList<>(many.size());
            for (Object item : many) {
                out.add(render(target, (Map<String, Object>) item));
            }
            return out;
        }
        return null;
    }
}
