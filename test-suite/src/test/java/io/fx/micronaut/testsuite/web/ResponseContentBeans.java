package io.fx.micronaut.testsuite.web;

import io.fx.micronaut.action.Action;
import io.fx.micronaut.exception.ErrorCode;
import io.fx.micronaut.pipeline.ActionAccess;
import io.fx.micronaut.pipeline.FxResponse;
import io.micronaut.context.annotation.Factory;
import io.micronaut.context.annotation.Requires;
import jakarta.inject.Singleton;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;

/** For {@code ResponseContentTest}: actions answering downloads, streams and redirects. */
@Factory
@Requires(property = "spec.name", value = ResponseContentBeans.SPEC)
class ResponseContentBeans {

    static final String SPEC = "ResponseContentTest";
    /** Not valid UTF-8, so a text conversion anywhere would show. */
    static final byte[] PDF = {'%', 'P', 'D', 'F', '-', '1', '.', '7', '\n', (byte) 0xE2, (byte) 0x00, (byte) 0xFF, (byte) 0x80};
    static final String CSV = "id,title\n1,Grüße\n";

    @Singleton
    Action report() {
        return Action.get("/files/report", context -> FxResponse.bytes(200, "application/pdf", PDF)
            .attachment("résumé 2024.pdf")).access(ActionAccess.PUBLIC);
    }

    @Singleton
    Action export() {
        byte[] csv = CSV.getBytes(StandardCharsets.UTF_8);
        return Action.get("/files/export", context -> FxResponse.stream(200, "text/csv; charset=utf-8",
            new ByteArrayInputStream(csv), csv.length).attachment("posts.csv")).access(ActionAccess.PUBLIC);
    }

    @Singleton
    Action feed() {
        return Action.get("/files/feed", context -> FxResponse.stream(200, "application/x-ndjson",
            new ByteArrayInputStream("{\"n\":1}\n{\"n\":2}\n".getBytes(StandardCharsets.UTF_8)), -1))
            .access(ActionAccess.PUBLIC);
    }

    @Singleton
    Action seeOther() {
        return Action.post("/go/created", context -> FxResponse.redirect(303, "/api/gadgets?sort=-created_at"))
            .access(ActionAccess.PUBLIC);
    }

    @Singleton
    Action moved() {
        return Action.get("/go/moved", context -> FxResponse.redirect(307, "https://example.com/elsewhere"))
            .access(ActionAccess.PUBLIC);
    }

    @Singleton
    Action missing() {
        return Action.get("/files/missing", context -> {
            throw ErrorCode.NOT_FOUND.exception("No such file");
        }).access(ActionAccess.PUBLIC);
    }
}
