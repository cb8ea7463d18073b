package io.fx.micronaut.testsuite.events.audit;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;

/**
 * Audit test model: versioned (a history to read), a unique name (a conflict to roll back), a write-only and a
 * confidential (redacted) field that no audit record may carry. Its writes run in one transaction from the Service
 * step on ({@link AuditPipeline}).
 */
@FxModel(versioned = true)
public class AuditLedger extends BaseModel {

    @Fx("required, unique, filterable")
    private String name;
    private Integer amount;
    @Fx("writeonly")
    private String secret;
    @Fx("confidential")
    private String pin;

    public String getName() { return name; }
    public void setName(String name) { this.name = name; }
    public Integer getAmount() { return amount; }
    public void setAmount(Integer amount) { this.amount = amount; }
    public String getSecret() { return secret; }
    public void setSecret(String secret) { this.secret = secret; }
    public String getPin() { return pin; }
    public void setPin(String pin) { this.pin = pin; }
}
