package io.fx.micronaut.testsuite.model;

import io.fx.micronaut.annotation.Fx;
import io.fx.micronaut.annotation.FxModel;
import io.fx.micronaut.model.BaseModel;
import jakarta.validation.constraints.Email;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;

import java.util.List;

/** Write-rule test model whose rules come from Jakarta Validation constraints only. */
@FxModel
public class GadgetSignup extends BaseModel {

    @NotBlank
    @Size(min = 3, max = 12)
    @Pattern(regexp = "[a-z0-9_]+")
    private String handle;
    @NotNull
    @Email
    private String email;
    @Min(18)
    @Max(120)
    private Integer age;
    @Size(max = 5)
    private String nickname;
    @Fx("json_array")
    @Size(min = 1, max = 3)
    private List<String> interests;

    public String getHandle() { return handle; }
    public void setHandle(String handle) { this.handle = handle; }
    public String getEmail() { return email; }
    public void setEmail(String email) { this.email = email; }
    public Integer getAge() { return age; }
    public void setAge(Integer age) { this.age = age; }
    public String getNickname() { return nickname; }
    public void setNickname(String nickname) { this.nickname = nickname; }
    public List<String> getInterests() { return interests; }
    public void setInterests(List<String> interests) { this.interests = interests; }
}
