package io.fx.micronaut.testsuite.events.audit;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

/**
 * Audit test model audited from configuration ({@code fx.audit.write.models}), without changes, whose writes own
 * their transactions (no transaction middleware): a unique conflict rolls back the store's own transaction.
 */
@FxModel
public class AuditMemo extends BaseModel {

    @Fx("required, unique")
    private String title;
    private String body;

    public String getTitle() { return title; }
    public void setTitle(String title) { this.title = title; }
    public String getBody() { return body; }
    public void setBody(String body) { this.body = body; }
}
