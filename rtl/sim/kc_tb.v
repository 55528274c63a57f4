// kc_tb — runs one program of any accelerator in a plain Verilog simulator (no C,
// no DPI) against kc_dram_model, with the harness's reset and cycle protocol
// (harness/kc_sim.c, verilated/kc_vl_model.h), so that the result, cycles,
// counters and final DRAM equal the Verilated run's. tests/icarus drives it with
// Icarus (run_icarus.sh); a hardware team can run the same files in
// VCS/Questa/Xcelium.
//
// The accelerator is the file named by the macro KC_TB_ACC (e.g.
// +define+KC_TB_ACC="npu_tb.vh"): its port mapping, included twice inside this
// module. With KC_TB_PARAMS defined it declares the localparams NCNT (perf
// counters), BEAT (kc_bus bytes), NARGS (32-bit argument words), MAXBEATS (DRAM
// beats modelled) and MAXLOAD (load-port writes); without, it instantiates the
// top on the wires and regs of this module: clk, rst, the
// load port ld_we/ld_addr/ld_wdata (written while in reset, as the shim's load()),
// entry, args, dram_bytes, the kc_bus mem_* and halted, trapped, trap_*, perf,
// retire_*. A top without one of these inputs leaves it unconnected.
//
// Plusargs:
//   +load=F +nload=N     N lines "AAAAAAAADDDDDDDD": load-port writes (ld_addr,
//                        ld_wdata) in order; F is not read when N is 0
//   +args=F              NARGS 32-bit argument words, one hex word per line
//   +entry=N             entry pc (default 0)
//   +dram=F              initial DRAM image, $readmemh beats of BEAT bytes (byte i
//                        of a beat in bits [8i+7:8i]); without it the DRAM is zero
//   +dram_beats=N        DRAM beats the testbench models
//   +dram_bytes=N        DRAM size the core checks addresses against
//   +lat=N +bw=N +limit=N DRAM latency, bandwidth (bytes/cycle), cycle limit
//   +out=F +out_dram=F   results ("key value" lines) and the final DRAM image
//
// No `timescale: the delays below only order events within a cycle, and the RTL
// has none (a timescale in one file only makes iverilog -Wall warn).
`default_nettype none

module kc_tb;
    reg                 clk = 1'b0;
    reg                 rst = 1'b1;
    reg                 ld_we = 1'b0;
    reg  [31:0]         ld_addr = 32'd0, ld_wdata = 32'd0, entry = 32'd0;
    reg  [31:0]         dram_bytes = 32'd0, lat = 32'd64, bw = 32'd32, nbeats = 32'd0;
    wire                mem_req_valid, mem_req_ready, mem_req_write, mem_resp_valid;
    wire [31:0]         mem_req_addr;
    wire                halted, trapped, retire_valid, dram_error;
    wire [3:0]          trap_cause;
    wire [31:0]         trap_pc, trap_info, retire_pc, retire_insn;

`define KC_TB_PARAMS
`include `KC_TB_ACC
`undef KC_TB_PARAMS
    reg  [NARGS*32-1:0] args = '0;
    wire [BEAT*8-1:0]   mem_req_wdata, mem_resp_rdata;
    wire [BEAT-1:0]     mem_req_wstrb;
    wire [NCNT*32-1:0]  perf;

`include `KC_TB_ACC

    kc_dram_model #(.BEAT(BEAT), .MAXBEATS(MAXBEATS)) u_dram (
        .clk(clk), .rst(rst), .lat(lat), .bw(bw), .nbeats(nbeats),
        .req_valid(mem_req_valid), .req_ready(mem_req_ready), .req_write(mem_req_write),
        .req_addr(mem_req_addr), .req_wdata(mem_req_wdata), .req_wstrb(mem_req_wstrb),
        .resp_valid(mem_resp_valid), .resp_rdata(mem_resp_rdata), .error(dram_error));

    reg [63:0]   loads [0:MAXLOAD-1];
    reg [31:0]   argw [0:NARGS-1];
    reg [1023:0] f_load, f_args, f_dram, f_out, f_out_dram;
    integer      nload, limit, cycles, i, fd;

    // One clock cycle: inputs settle in the low phase, everything samples at the
    // rising edge (as the shim's eval with clk 0, then clk 1).
    task automatic edge_;
        begin
            #5 clk = 1'b1;
            #5 clk = 1'b0;
        end
    endtask

    task automatic need(input integer ok, input [8*16-1:0] name);
        if (!ok) begin
            $display("kc_tb: missing plusarg +%0s=", name);
            $finish;
        end
    endtask

    initial begin
        need($value$plusargs("load=%s", f_load), "load");
        need($value$plusargs("nload=%d", nload), "nload");
        need($value$plusargs("args=%s", f_args), "args");
        need($value$plusargs("dram_beats=%d", nbeats), "dram_beats");
        need($value$plusargs("dram_bytes=%d", dram_bytes), "dram_bytes");
        need($value$plusargs("lat=%d", lat), "lat");
        need($value$plusargs("bw=%d", bw), "bw");
        need($value$plusargs("limit=%d", limit), "limit");
        need($value$plusargs("out=%s", f_out), "out");
        need($value$plusargs("out_dram=%s", f_out_dram), "out_dram");
        if (!$value$plusargs("entry=%d", entry))
            entry = 32'd0;
        if (nbeats > MAXBEATS || nload > MAXLOAD || lat < 1 || lat > 4096 || bw < 1) begin
            $display("kc_tb: image, load list, latency or bandwidth out of range");
            $finish;
        end
        if (nload > 0)
            $readmemh(f_load, loads, 0, nload - 1);
        $readmemh(f_args, argw);
        for (i = 0; i < NARGS; i = i + 1)
            args[i*32 +: 32] = argw[i];
        if ($value$plusargs("dram=%s", f_dram))
            $readmemh(f_dram, u_dram.mem, 0, nbeats - 1);
        else
            for (i = 0; i < nbeats; i = i + 1)
                u_dram.mem[i] = '0;

        // The shim's reset: two edges, one per load-port write, two more, release.
        edge_();
        edge_();
        for (i = 0; i < nload; i = i + 1) begin
            ld_we    = 1'b1;
            ld_addr  = loads[i][63:32];
            ld_wdata = loads[i][31:0];
            edge_();
        end
        ld_we    = 1'b0;
        ld_addr  = 32'd0;
        ld_wdata = 32'd0;
        edge_();
        edge_();
        rst = 1'b0;

        // harness/kc_sim.c: stop before an edge once the core has halted or trapped
        cycles = 0;
        #1;
        while (!halted && !trapped && cycles < limit) begin
            edge_();
            cycles = cycles + 1;
            #1;
        end

        fd = $fopen(f_out, "w");
        $fwrite(fd, "result %0s\n", halted ? "halted" : trapped ? "trapped" : "timeout");
        $fwrite(fd, "cycles %0d\n", cycles);
        $fwrite(fd, "trap_cause %0d\ntrap_pc %0d\ntrap_info %0d\n",
                trapped ? trap_cause : 4'd0, trapped ? trap_pc : 32'd0, trapped ? trap_info : 32'd0);
        for (i = 0; i < NCNT; i = i + 1)
            $fwrite(fd, "counter%0d %0d\n", i, perf[i*32 +: 32]);
        $fwrite(fd, "dram_error %0d\n", dram_error);
        $fclose(fd);
        fd = $fopen(f_out_dram, "w");
        for (i = 0; i < nbeats; i = i + 1)
            $fwrite(fd, "%h\n", u_dram.mem[i]);
        $fclose(fd);
        $finish;
    end
endmodule

`default_nettype wire
